import { isMessageId, type MessageId } from '../domain/messages';
import english from '../web/i18n/catalogues/en/messages.json' with { type: 'json' };

/**
 * The words of contract and success messages have one source: the client's English `messages` catalogue,
 * as `errors` is for server errors (ADR 0050). Contracts name a message by its id (`messages.auth.emailRequired`);
 * the server renders the English for API clients and logs and sends the id, which the web translates.
 */
export type MessageKey = keyof typeof english & MessageId;
/** ICU arguments of a message; the English catalogues use plain `{name}` arguments only (catalogues.test.ts). */
export type MessageParams = Record<string, string | number>;

const catalogue: Record<string, string> = english;

/** `{name}` arguments filled in from `params`; an argument without a value stays as it is. */
export function fillArguments(text: string, params?: MessageParams): string {
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;
}

/**
 * The English of a message id. A zod issue of a schema that names no id of ours carries zod's own English,
 * which is returned unchanged.
 */
export function englishText(id: string, params?: MessageParams): string {
  return isMessageId(id) ? fillArguments(catalogue[id] ?? id, params) : id;
}

/** A field at fault, as error `details` list them: the JSON pointer, the English and, for our ids, the id. */
export function fieldMessage(path: string, id: string) {
  return { path, message: englishText(id), ...(isMessageId(id) ? { key: id } : {}) };
}

/** A success answer (`messageResponseSchema`): the English for API clients, the id for the web to translate. */
export function messageReply(key: MessageKey, params?: MessageParams) {
  return { message: englishText(key, params), key };
}
