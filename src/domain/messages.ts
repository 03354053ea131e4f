/**
 * A message a shared contract gives — a zod issue, a password verdict, a success answer — is the id of its
 * entry in the `messages` catalogue (`messages.<group>.<name>`), never English: the words live only in
 * `src/web/i18n/catalogues/<locale>/messages.json` (ADR 0050). The server renders the English from there,
 * the web the user's language; `catalogues.test.ts` fails when an id named in code lacks an entry.
 */
export type MessageId = `messages.${string}`;

/** Whether a zod issue's message is one of ours (an id) rather than zod's own English. */
export function isMessageId(text: string): text is MessageId {
  return /^messages\.\w+\.\w+$/.test(text);
}
