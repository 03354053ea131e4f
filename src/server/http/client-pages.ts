import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENTRY_PAGE_PATHS, entryPageFile, entryPageParams, entryPageVariant } from '../../domain/entry-pages';
import {
  isLocale,
  type Locale,
  localeCookie,
  localeFromCookie,
  negotiateLocale,
  parseAcceptLanguage,
} from '../../domain/locale';
import { readSession } from '../auth/session';

/** The entry pages with a form. */
const FORM_PAGE_PATHS = ['/sign-in', '/sign-up', '/forgot-password', '/reset-password'];

export interface ClientPagesOptions {
  /** The built client (dist/client), with the prerendered files scripts/prerender.ts wrote. */
  clientDir: string;
  /** Cookies are `Secure` when the public URL is https. */
  secureCookies: boolean;
}

/**
 * The visitor's language for a prerendered page: `?lang=` (the static pages' language links, remembered in the
 * cookie as the app's switch does), else the language cookie, else Accept-Language.
 */
function pageLocale(request: FastifyRequest, reply: FastifyReply, secureCookies: boolean): Locale {
  const asked = (request.query as { lang?: unknown }).lang;
  if (isLocale(asked)) {
    reply.header('set-cookie', localeCookie(asked, { secure: secureCookies }));
    return asked;
  }
  return (
    localeFromCookie(request.headers.cookie) ?? negotiateLocale(parseAcceptLanguage(request.headers['accept-language']))
  );
}

/**
 * The pages rendered at build time, chosen per request (ADR 0022, ADR 0028): the homepage (static, no
 * JavaScript; signed out or signed in) and the entry pages (server-rendered and hydrated). Each is the same for
 * every visitor of a language, so nothing about the visitor is in them. Registered by src/server/app.ts once
 * the built client is there; every other client route loads the app shell from the not-found handler.
 */
export function registerClientPages(app: FastifyInstance, { clientDir, secureCookies }: ClientPagesOptions) {
  const exists = (file: string) => existsSync(resolve(clientDir, file));

  const homeFile = (locale: Locale, signedIn: boolean) => {
    const file = `home.${locale}${signedIn ? '.signed-in' : ''}.html`;
    if (exists(file)) return file;
    return exists('home.html') ? 'home.html' : 'index.html';
  };
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    let signedIn = false;
    try {
      signedIn = (await readSession(request, reply)) !== null;
    } catch {
      // The database is down: the signed-out homepage still works.
    }
    const locale = pageLocale(request, reply, secureCookies);
    // Two people behind one cache must not get each other's variant.
    reply.header('vary', 'cookie, accept-language');
    return reply.sendFile(homeFile(locale, signedIn));
  });

  // A form on a server-rendered page sent before the app took over (the page is on screen before its script
  // runs): the forms say method="post", so nothing typed ends up in an address or a log, and the post comes back
  // here to the page, where the app, loaded by then, sends it properly.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      (_request, payload, done) => {
        payload.resume();
        payload.on('end', () => done(null, undefined));
        payload.on('error', (error) => done(error, undefined));
      },
    );
    for (const path of FORM_PAGE_PATHS) {
      scope.post(path, { schema: { hide: true } }, async (request, reply) => reply.redirect(request.url, 303));
    }
  });

  for (const path of ENTRY_PAGE_PATHS) {
    const allowed = new Set(entryPageParams(path));
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const locale = pageLocale(request, reply, secureCookies);
      reply.header('vary', 'cookie, accept-language');
      // A parameter the page renders from (`/sign-in?next=…`, `/sign-up?shop=…`): the app shell, rendered in
      // the browser, since the prerendered HTML could not match it.
      const rendersFromQuery = Object.keys(query).some((key) => !allowed.has(key));
      // The reset link's token picks the form; sign-up's `?role=manager` the file with Shop Manager chosen.
      const file = entryPageFile(path, locale, entryPageVariant(path, query));
      return reply.type('text/html').sendFile(!rendersFromQuery && exists(file) ? file : 'index.html');
    });
  }
}
