// The embedded test databases of one jest worker, kept from one test file to the next.
//
// Starting an embedded database from the migrated image costs ~1.6 CPU-s (unpacking the image, PostgreSQL's start,
// linking plpgsql); a file's test database was one of those. Here a database a file has finished with is put back
// as the image left it (its tables emptied and their first rows restored, its sequences rewound, what the file
// created dropped) and the next file of the same worker gets it. When the file changed the schema in a way a reset
// cannot undo, the database is closed instead and the next file gets a fresh one.
//
// Plain CommonJS, loaded by the API tests' jest environment (jest-environment.cjs) with Node's own require: jest
// gives every test file its own module registry, and this pool must outlive one file.
'use strict';

const { readFileSync } = require('node:fs');
const path = require('node:path');
const { PGlite, types } = require('@electric-sql/pglite');

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** What a reset cannot undo, one line per object: schemas, relations and their columns, functions, types, triggers. */
const SHAPE = `
  select string_agg(line, E'\\n' order by line) as shape from (
    select format('schema %s', n.nspname) as line from pg_namespace n where ${USER_SCHEMAS}
    union all
    select format('rel %s.%s %s', n.nspname, c.relname, c.relkind)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
    union all
    select format('col %s.%s.%s %s %s %s', n.nspname, c.relname, a.attname, a.atttypid, a.attnotnull,
        pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${USER_SCHEMAS} and a.attnum > 0 and not a.attisdropped
    union all
    select format('fn %s.%s %s', n.nspname, p.proname, md5(coalesce(p.prosrc, '')))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS}
    union all
    select format('type %s.%s', n.nspname, t.typname)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMAS}
    union all
    select format('enum %s %s', t.typname, e.enumlabel)
      from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace
      where ${USER_SCHEMAS}
    union all
    select format('trigger %s %s %s', c.relname, g.tgname, g.tgenabled)
      from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMAS}
    union all
    select format('constraint %s %s', c.conrelid::regclass, c.conname)
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_SCHEMAS}
  ) lines`;

const TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMAS} and c.relkind in ('r', 'p') and not c.relispartition`;

const SEQUENCES = `
  select format('%I.%I', schemaname, sequencename) as name, last_value, start_value
    from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`;

/** The image as it was loaded: its shape, the rows of every table that has any, and where its sequences stood. */
async function describe(pg) {
  const [{ shape }] = (await pg.query(SHAPE)).rows;
  const [{ max_oid: maxOid }] = (await pg.query(`select max(oid)::int8::text as max_oid from pg_class`)).rows;
  const tables = (await pg.query(TABLES)).rows.map((row) => row.name);
  const rows = [];
  for (const table of tables) {
    const [{ data }] = (await pg.query(`select json_agg(t) as data from ${table} t`)).rows;
    if (data) rows.push({ table, data: JSON.stringify(data) });
  }
  const sequences = (await pg.query(SEQUENCES)).rows;
  return { shape, maxOid, tables, rows, sequences };
}

/** Puts `pg` back as `image` describes it; false when the file changed what a reset cannot put back. */
async function reset(pg, image) {
  await pg.exec('reset all; select pg_advisory_unlock_all();');
  const created = (
    await pg.query(
      `select format('%I.%I', n.nspname, c.relname) as name, c.relkind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where ${USER_SCHEMAS} and c.oid > $1::int8 and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
      [image.maxOid],
    )
  ).rows;
  const kinds = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence' };
  for (const { name, relkind } of created) await pg.exec(`drop ${kinds[relkind]} if exists ${name} cascade`);
  const [{ shape }] = (await pg.query(SHAPE)).rows;
  if (shape !== image.shape) return false;
  await pg.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    await tx.exec(`truncate ${image.tables.join(', ')} restart identity cascade`);
    for (const { table, data } of image.rows)
      await tx.query(
        `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`,
        [data],
      );
    for (const { name, last_value: last, start_value: start } of image.sequences)
      await tx.query(`select setval($1, $2, $3)`, [name, last ?? start, last !== null]);
  });
  return true;
}

// A database outlives the test file that opened it, so its code runs in this worker's own JavaScript realm, not
// in the file's (jest gives each file its own globals). PGlite recognises dates with `instanceof Date`, which is
// false for the file's dates: dates are told apart here by their tag instead, and the dates it reads are made
// with the Date of the file that holds the database, so the file's `instanceof Date` holds for them.
const isDate = (value) => Object.prototype.toString.call(value) === '[object Date]';
const serializeText = (value) => (isDate(value) ? value.toISOString() : value.toString());
function serializeDate(value) {
  if (typeof value === 'string') return value;
  if (value === Infinity) return 'infinity';
  if (value === -Infinity) return '-infinity';
  if (typeof value === 'number') return new Date(value).toISOString();
  if (isDate(value)) return value.toISOString();
  throw new Error('Invalid input for date type');
}
const TEXT_TYPES = [types.TEXT, types.VARCHAR, types.BPCHAR];
const DATE_TYPES = [types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ];

/** PGlite's options for dates and text that work from any realm; `holder.Date` is the holding file's Date. */
function realmOptions(holder) {
  const parseDate = (text) =>
    text === 'infinity' ? Infinity : text === '-infinity' ? -Infinity : new holder.Date(text);
  return {
    serializers: Object.fromEntries([
      ...TEXT_TYPES.map((type) => [type, serializeText]),
      ...DATE_TYPES.map((type) => [type, serializeDate]),
    ]),
    parsers: Object.fromEntries(DATE_TYPES.map((type) => [type, parseDate])),
  };
}

/** The realm of the file holding each database. */
const holders = new WeakMap();

/** One image file's pool: databases free to take, and what the image looked like. */
const pools = new Map();

function poolFor(imageFile) {
  let pool = pools.get(imageFile);
  if (!pool) {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    pool = {
      free: [],
      described: undefined,
      options: (async () => ({
        loadDataDir: new Blob([new Uint8Array(readFileSync(imageFile))]),
        pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
        fsBundle: new Blob([new Uint8Array(readFileSync(path.join(dist, 'pglite.data')))]),
      }))(),
    };
    pools.set(imageFile, pool);
  }
  return pool;
}

/**
 * A database as `imageFile` holds it, for code of the realm whose Date is `realmDate`: one a finished file put
 * back, or a fresh one.
 */
async function take(imageFile, realmDate) {
  const pool = poolFor(imageFile);
  const reused = pool.free.pop();
  if (reused) {
    holders.get(reused).Date = realmDate;
    return reused;
  }
  const holder = { Date: realmDate };
  const pg = await PGlite.create(undefined, { ...(await pool.options), ...realmOptions(holder) });
  holders.set(pg, holder);
  pool.described ??= describe(pg);
  await pool.described;
  return pg;
}

/** Gives back a database taken from the pool: reset for the next file, or closed when it cannot be. */
async function giveBack(imageFile, pg) {
  const pool = poolFor(imageFile);
  const image = await pool.described;
  const reusable = await reset(pg, image).catch(() => false);
  if (reusable) pool.free.push(pg);
  else await pg.close().catch(() => undefined);
}

/** Writes the database `imageFile` holds into `dir`, for a process started on that directory. */
async function writeTo(imageFile, dir) {
  await (await PGlite.create(dir, await poolFor(imageFile).options)).close();
}

module.exports = { take, giveBack, writeTo };
