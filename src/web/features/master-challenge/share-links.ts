/** The social networks the results offer; Instagram has no web share link, so its text is copied instead. */
export const SHARE_NETWORKS = ['x', 'facebook', 'linkedin', 'instagram'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** The share link that opens a network's composer with the message (null: copy the text instead). */
export function shareLink(network: ShareNetwork, text: string, url: string): string | null {
  const e = encodeURIComponent;
  switch (network) {
    case 'x':
      return `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(url)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(url)}&quote=${e(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/feed/?shareActive=true&text=${e(`${text} ${url}`)}`;
    case 'instagram':
      return null;
  }
}
