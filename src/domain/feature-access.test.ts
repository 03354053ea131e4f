import { describe, expect, it } from 'vitest';
import { TECH_SUBSCRIPTION_STATUSES, type TechSubscriptionStatus } from './adaptive-mastery';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './constants';
import { FEATURE_NAME_PATTERN, featureAccessGranted, isMasteryFeature } from './feature-access';

const PLAN = ['Technician progress and analytics', 'Certification tracking with expiry alerts'];
const shopStatuses: (SubscriptionStatus | 'no shop' | 'no subscription')[] = [
  'no shop',
  'no subscription',
  ...SUBSCRIPTION_STATUSES,
];
const personalStatuses: (TechSubscriptionStatus | null)[] = [null, ...TECH_SUBSCRIPTION_STATUSES];
const cardStatuses = [null, 'active', 'trialing', 'past_due', 'canceled', 'incomplete'];
const planFeatureLists = [[], PLAN];

function input(
  shop: (typeof shopStatuses)[number],
  personal: TechSubscriptionStatus | null,
  card: string | null,
  planFeatures: string[],
) {
  return {
    shop:
      shop === 'no shop'
        ? null
        : { status: shop === 'no subscription' ? null : (shop as SubscriptionStatus), planFeatures },
    personalStatus: personal,
    cardStatus: card,
  };
}

// Every combination of shop status (incl. no shop), personal status, card status and plan features.
const combinations = shopStatuses.flatMap((shop) =>
  personalStatuses.flatMap((personal) =>
    cardStatuses.flatMap((card) => planFeatureLists.map((features) => ({ shop, personal, card, features }))),
  ),
);

describe('feature access truth table', () => {
  it('covers every combination', () => {
    expect(combinations).toHaveLength(6 * 6 * 6 * 2);
  });

  it.each(['mastery', 'Adaptive Mastery', 'MASTERY-dashboard'])(
    "'%s' (contains mastery): shop active/trial, or personal active/trial, or card active",
    (feature) => {
      for (const c of combinations) {
        const expected =
          c.shop === 'active' ||
          c.shop === 'trial' ||
          c.personal === 'active' ||
          c.personal === 'trial' ||
          c.card === 'active';
        expect(featureAccessGranted(feature, input(c.shop, c.personal, c.card, c.features)), JSON.stringify(c)).toBe(
          expected,
        );
      }
    },
  );

  it.each(['analytics', 'ANALYTICS', 'Certification Tracking', 'expiry'])(
    "'%s' (other): only a shop with an active or trial subscription whose plan lists it (any case)",
    (feature) => {
      for (const c of combinations) {
        const expected = (c.shop === 'active' || c.shop === 'trial') && c.features.length > 0;
        expect(featureAccessGranted(feature, input(c.shop, c.personal, c.card, c.features)), JSON.stringify(c)).toBe(
          expected,
        );
      }
    },
  );

  it('a feature the plan does not list is denied even to an entitled shop; personal and card do not help', () => {
    for (const c of combinations) {
      expect(featureAccessGranted('leaderboard exports', input(c.shop, c.personal, c.card, c.features))).toBe(false);
    }
  });

  it('without a shop, any other feature is denied', () => {
    expect(featureAccessGranted('analytics', input('no shop', 'active', 'active', PLAN))).toBe(false);
  });

  it('an empty name matches nothing', () => {
    expect(featureAccessGranted('  ', input('active', null, null, PLAN))).toBe(false);
  });

  it('recognises mastery features and valid names', () => {
    expect(isMasteryFeature('Mastery')).toBe(true);
    expect(isMasteryFeature('analytics')).toBe(false);
    expect(FEATURE_NAME_PATTERN.test('mastery')).toBe(true);
    expect(FEATURE_NAME_PATTERN.test('shop-wide analytics')).toBe(true);
    expect(FEATURE_NAME_PATTERN.test('')).toBe(false);
    expect(FEATURE_NAME_PATTERN.test('%')).toBe(false);
    expect(FEATURE_NAME_PATTERN.test('x'.repeat(49))).toBe(false);
  });
});
