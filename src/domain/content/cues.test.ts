import { describe, expect, it } from 'vitest';
import { checkCues } from './cues';
import type { Letter } from './letters';
import type { QuestionItem } from './schemas';

let next = 0;
/** A made-up item: options in A–D order, the key as given. */
function item(question: string, options: [string, string, string, string], answer: Letter = 'A'): QuestionItem {
  next += 1;
  const [A, B, C, D] = options;
  return {
    id: `a5-${String(next).padStart(4, '0')}`,
    category: 'A5',
    area: 'Disc Brakes',
    difficulty: 'medium',
    format: 'direct',
    question,
    options: { A, B, C, D },
    answer,
    explanation: 'e',
    whyWrong: Object.fromEntries((['A', 'B', 'C', 'D'] as const).filter((l) => l !== answer).map((l) => [l, 'w'])),
  };
}

const rulesOf = (items: QuestionItem[]) => checkCues(items).map((f) => f.rule);

describe('checkCues', () => {
  it('passes a fair item', () => {
    const fair = item('A pulsating pedal during a stop after a pad replacement is most likely caused by:', [
      'Rotor thickness variation',
      'A sticking caliper slide pin',
      'Air in the rear brake lines',
      'A weak vacuum booster diaphragm',
    ]);
    expect(checkCues([fair])).toEqual([]);
  });

  describe('(a) stem word', () => {
    it('flags the key as the only option that repeats a distinctive stem word', () => {
      const q = item(
        'A hydro-boost unit hisses when the pedal is applied. The most likely cause is:',
        ['A leaking hydro-boost spool', 'A worn pad return spring', 'A warped front rotor', 'Low front tire pressure'],
        'A',
      );
      expect(checkCues([q])).toEqual([
        { id: q.id, rule: 'stem-word', reason: 'only the key repeats the stem\'s "hydro", "boost"' },
      ]);
    });
    it('does not flag when a distractor repeats a stem word too', () => {
      const q = item('A hydro-boost unit hisses when applied. The cause is:', [
        'A leaking hydro-boost spool valve',
        'A hydro-boost accumulator that is fully charged',
        'A warped rotor',
        'Low tire pressure',
      ]);
      expect(rulesOf([q])).not.toContain('stem-word');
    });
    it('ignores words common to the category and generic words like "rear" or "vehicle"', () => {
      // "caliper" is in every stem here, so it is not distinctive.
      const items = [1, 2, 3, 4].map((n) =>
        item(`A rear caliper on vehicle ${n} drags. The cause is:`, [
          `A seized caliper piston ${n}`,
          'A worn pad return spring',
          'Worn shock absorbers',
          'Low fluid in the reservoir',
        ]),
      );
      expect(rulesOf(items)).toEqual([]);
    });
    it('matches word forms ("leaks" and "leaking")', () => {
      const q = item('The master cylinder leaks at the rear seal. The fix is:', [
        'Replace the leaking cylinder',
        'Bleed the brakes',
        'Adjust the pushrod',
        'Replace the pads',
      ]);
      expect(checkCues([q]).find((f) => f.rule === 'stem-word')?.reason).toContain('"cylinder", "leaks"');
    });
  });

  describe('(b) hedged and absolute options', () => {
    it('flags the key as the only hedged option', () => {
      const q = item('Why are new pads burnished?', [
        'Glazed pads can lose friction',
        'Pads need heat to harden',
        'The ABS needs to learn them',
        'Burnishing cleans the rotor',
      ]);
      expect(checkCues([q])).toEqual([{ id: q.id, rule: 'hedge', reason: 'only the key is hedged ("can")' }]);
    });
    it('does not read the CAN network as a hedge', () => {
      const q = item('The ABS module lost traction data. The cause is:', [
        'A CAN wiring fault',
        'A worn pad',
        'A warped rotor',
        'Low fluid',
      ]);
      expect(rulesOf([q])).not.toContain('hedge');
    });
    it('flags the key as the only option without an absolute word', () => {
      const q = item('When is pad wear checked?', [
        'At each tire rotation',
        'Only when noise is heard',
        'Never before 50,000 miles',
        'Always at a brake flush',
      ]);
      expect(checkCues([q])).toEqual([
        { id: q.id, rule: 'absolute', reason: 'every option but the key is absolute (always/never/only…)' },
      ]);
    });
    it('does not flag a lone absolute option, key or distractor: it only steers a guesser away from it', () => {
      const lonelyKey = item('How should silicone fluid be handled?', [
        'Never mix it with glycol',
        'Mix it freely with glycol',
        'Boil it before use',
        'Store it in an open jug',
      ]);
      const lonelyDistractor = item('How should glycol fluid be stored?', [
        'Sealed in its container',
        'Open to the shop air',
        'Always in a warm place',
        'Thinned with alcohol',
      ]);
      expect(checkCues([lonelyKey, lonelyDistractor])).toEqual([]);
    });
    it('flags the key as the only option that appeals to the book', () => {
      const q = item('Caliper bolts are tightened:', [
        'to the specified torque',
        'as tight as they go',
        'with an impact wrench',
        'by feel',
      ]);
      expect(checkCues([q])).toEqual([
        { id: q.id, rule: 'by-the-book', reason: 'only the key appeals to the book ("specified")' },
      ]);
    });
  });

  describe('(c) odd one out', () => {
    it('flags a key clearly longer than all others', () => {
      const q = item('A pedal sinks slowly at a stop. The cause is:', [
        'Fluid bypassing the master cylinder piston cups internally',
        'Air in lines',
        'Bad booster',
        'Worn pads',
      ]);
      expect(checkCues([q])).toEqual([
        { id: q.id, rule: 'length', reason: 'the key has 58 characters, the others 11 on average' },
      ]);
    });
    it('does not flag a key only a little longer, or long keys among long options', () => {
      const little = item('Pedal sinks. Cause?', [
        'Bypassing piston cups',
        'Air in the lines',
        'A bad booster',
        'Pads',
      ]);
      expect(rulesOf([little])).not.toContain('length');
    });
    it('flags a key whose opening form breaks the pattern of the three others', () => {
      const q = item('Rotor runout is measured by:', [
        'A dial indicator on the rotor face',
        'Spinning the wheel by hand',
        'Tapping the rotor with a hammer',
        'Measuring pad thickness',
      ]);
      expect(checkCues([q])).toEqual([
        { id: q.id, rule: 'grammar', reason: 'the key starts with a noun phrase, the others with an -ing verb' },
      ]);
    });
    it('reads a gerund key among noun phrases as a noun, not a cue', () => {
      const q = item('Worn shocks cause which tire wear?', [
        'Cupping',
        'Feathered ribs',
        'Shoulder wear',
        'Center wear',
      ]);
      expect(checkCues([q])).toEqual([]);
    });
    it('flags a key that alone agrees with a stem ending in "an"', () => {
      const q = item('Grinding after a pad job points to an', [
        'Inboard pad worn to metal',
        'Pad set with no shims',
        'Rotor with no runout',
        'Caliper bolt torqued',
      ]);
      expect(checkCues([q])).toEqual([
        { id: q.id, rule: 'grammar', reason: 'the stem ends in "an" and only the key agrees with it' },
      ]);
    });
  });

  it('skips two-technician items, whose options are fixed', () => {
    const q = item(
      'Technician A says a hydro-boost hiss is normal. Technician B says it may be a leak. Who is correct?',
      ['Technician A only', 'Technician B only', 'Both A and B', 'Neither A nor B'],
      'D',
    );
    expect(checkCues([q])).toEqual([]);
  });
});
