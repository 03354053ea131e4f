/**
 * Words a technician's password is likely built on, which zxcvbn's English lists lack or rank low: the
 * product's name, the trade's parts and tools, the makes in every shop. Lower case, letters only.
 */
export const TRADE_WORDS = [
  'torqueprep',
  'torque',
  'prep',
  'ase',
  'asemaster',
  'mastertech',
  'mechanic',
  'technician',
  'tech',
  'garage',
  'shop',
  'brake',
  'brakes',
  'rotor',
  'caliper',
  'engine',
  'motor',
  'piston',
  'turbo',
  'diesel',
  'gasket',
  'wrench',
  'socket',
  'ratchet',
  'gearhead',
  'transmission',
  'clutch',
  'axle',
  'tire',
  'tires',
  'wheel',
  'alignment',
  'suspension',
  'steering',
  'hvac',
  'freon',
  'coolant',
  'radiator',
  'sparkplug',
  'horsepower',
  'camshaft',
  'crankshaft',
  'chevy',
  'chevrolet',
  'ford',
  'dodge',
  'mopar',
  'toyota',
  'honda',
  'nissan',
  'subaru',
  'jeep',
  'ram',
  'gmc',
  'silverado',
  'mustang',
  'camaro',
  'corvette',
  'hemi',
  'duramax',
  'powerstroke',
  'cummins',
  'snapon',
  'matco',
] as const;

/** What crackers undo first: l33t digits and symbols back to the letters they stand for. */
const L33T: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

const DECORATION = /^([^\p{L}]{0,6})(.*?)([^\p{L}]{0,8})$/u;
const MAX_DECORATION_DIGITS = 4;
const MAX_DECORATION_SYMBOLS = 3;

/**
 * True when the password is a known word (or two) dressed the way people dress them — a capital, l33t
 * letters, up to four digits (a year) and three symbols around it: 'Summer2024!', 'Passw0rd!', 'brakes123',
 * 'Torque#1'. The word is checked in lower case, with and without l33t, against `words` and the trade's
 * words. Two or more words run together are left to zxcvbn, which scores them well above this rule.
 */
export function isDecoratedWord(password: string, words: ReadonlySet<string>): boolean {
  const match = DECORATION.exec(password.normalize('NFKC'));
  if (!match) return false;
  const [, before = '', core = '', after = ''] = match;
  const decoration = before + after;
  const digits = decoration.replace(/\D/g, '').length;
  const symbols = decoration.length - digits;
  if (digits > MAX_DECORATION_DIGITS || symbols > MAX_DECORATION_SYMBOLS) return false;
  const lower = core.toLowerCase();
  if (lower.length < 3) return false;
  const plain = [...lower].map((ch) => L33T[ch] ?? ch).join('');
  return [lower, plain].some((candidate) => /^\p{L}+$/u.test(candidate) && isKnown(candidate, words));
}

const trade: ReadonlySet<string> = new Set(TRADE_WORDS);

function isKnown(word: string, words: ReadonlySet<string>): boolean {
  return words.has(word) || trade.has(word);
}
