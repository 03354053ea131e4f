import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

type StrictSchemas = typeof import('../../domain/password-strength')['strictAuthSchemas'];

let loading: Promise<StrictSchemas> | undefined;

/**
 * The auth contracts with zxcvbn's dictionaries (about a megabyte): imported on first use only, by the
 * forms that set a password, so no other page pays for them (ADR 0011). A failed download is retried.
 */
export function loadStrictAuthSchemas(): Promise<StrictSchemas> {
  loading ??= import('../../domain/password-strength').then(
    (module) => module.strictAuthSchemas,
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A react-hook-form resolver that validates with the strict contract `pick` chooses, loading it first. */
export function strictResolver<T extends FieldValues>(pick: (schemas: StrictSchemas) => ZodType): Resolver<T> {
  return async (values, context, options) => {
    const schema = pick(await loadStrictAuthSchemas());
    const resolve = zodResolver(schema as never) as unknown as Resolver<T>;
    return resolve(values, context, options);
  };
}
