import { sql, type Kysely } from 'kysely';

/**
 * Database-wide search infrastructure, shared by the live and shadow schemas: the `unaccent`,
 * `pg_trgm` and `fuzzystrmatch` (typo distance) extensions and `public.labelwise_search_key(text)`, the one normal form of
 * searched text (lower-case, unaccented, single spaces, trimmed). It is declared IMMUTABLE
 * (unaccent is only STABLE because its dictionary could change) so generated columns may use it;
 * queries call the same function on the user's text.
 */
export async function ensureSearchFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create extension if not exists fuzzystrmatch with schema public`.execute(db);
  await sql`
    do $$ begin
      if to_regprocedure('public.labelwise_search_key(text)') is null then
        create function public.labelwise_search_key(text) returns text
          language sql immutable parallel safe strict
          return btrim(regexp_replace(public.unaccent('public.unaccent'::regdictionary, lower($1)), '[[:space:]]+', ' ', 'g'));
      end if;
    end $$`.execute(db);
}
