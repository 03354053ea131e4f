/**
 * Fails when a commit subject is 72 characters or longer (ADR 0052): the subject says what changed in one
 * line, the body carries the detail. Checks the commits after the one that added this script, so history
 * from before the rule stands as it is. Run by .ci/run: `npx tsx scripts/check-commits.ts`.
 */
import { execFileSync } from 'node:child_process';

const MAX_SUBJECT = 71;
const SELF = 'scripts/check-commits.ts';

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

// The oldest commit that added this file is the base; in a shallow clone that is the boundary commit.
const base = git('log', '--diff-filter=A', '--format=%H', '--', SELF).split('\n').at(-1);
if (!base) {
  console.error(`check-commits: no commit adds ${SELF}; commit it first.`);
  process.exit(1);
}

const long = git('log', '--format=%h%x09%s', `${base}..HEAD`)
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const [hash = '', subject = ''] = line.split('\t');
    return { hash, subject, length: [...subject].length };
  })
  .filter((commit) => commit.length > MAX_SUBJECT);

if (long.length > 0) {
  console.error(`Commit subjects must be under ${MAX_SUBJECT + 1} characters; put the detail in the body:`);
  for (const { hash, subject, length } of long) console.error(`  ${hash} (${length}) ${subject}`);
  process.exit(1);
}
console.log(`check-commits: every subject since ${base.slice(0, 7)} is under ${MAX_SUBJECT + 1} characters.`);
