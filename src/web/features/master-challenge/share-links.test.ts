import { describe, expect, it } from 'vitest';
import { SHARE_NETWORKS, shareLink } from './share-links';

describe('share links', () => {
  const text = 'I scored 93.3% on the TorquePrep Master Challenge & more';
  const url = 'https://torqueprep.example/';

  it('carries the message, encoded, to every network with a share link', () => {
    for (const network of ['x', 'facebook', 'linkedin'] as const) {
      const link = new URL(shareLink(network, text, url) as string);
      const values = [...link.searchParams.values()].join(' ');
      expect(values, network).toContain(text);
      expect(values, network).toContain(url);
    }
    expect(shareLink('x', text, url)).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
  });

  it('has exactly one network that copies the text instead', () => {
    expect(SHARE_NETWORKS.filter((n) => shareLink(n, text, url) === null)).toEqual(['instagram']);
  });
});
