/**
 * Where a technician is in each study guide and which sections they have read, kept in this browser
 * (the reading position per guide, study guide; read ticks).
 */
const positionKey = (code: string) => `torqueprep.study.${code}`;
const readKey = (code: string) => `torqueprep.study.${code}.read`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage blocked: the guide still works, it just does not remember
  }
}

/** "chapter/section" of the last section opened, or null. */
export function readingPosition(code: string): string | null {
  const value = read(positionKey(code));
  return value && /^\d+\/\d+$/.test(value) ? value : null;
}

export function saveReadingPosition(code: string, chapter: number, section: number) {
  write(positionKey(code), `${chapter}/${section}`);
}

/** Sections read, as "chapter.section". */
export function readSections(code: string): Set<string> {
  try {
    const list = JSON.parse(read(readKey(code)) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markSectionRead(code: string, chapter: number, section: number): Set<string> {
  const sections = readSections(code);
  sections.add(`${chapter}.${section}`);
  write(readKey(code), JSON.stringify([...sections]));
  return sections;
}
