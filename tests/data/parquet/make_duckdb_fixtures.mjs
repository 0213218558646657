// Writes the DuckDB Parquet fixtures of tests/data/parquet/ and DuckDB's own answers about them.
// The tests read the committed output; CI does not run this script. To regenerate (Node 20):
//   mkdir /tmp/duckdb-fixtures && cd /tmp/duckdb-fixtures && npm install @duckdb/node-api
//   cp <repo>/tests/data/parquet/make_duckdb_fixtures.mjs . && node make_duckdb_fixtures.mjs <repo>/tests/data/parquet
// (the script must sit next to node_modules: ES modules do not search NODE_PATH). The output
// is the same on every run with the same DuckDB version (one thread, fixed data).
//
// Output, next to each FILE.parquet (tab-separated, one header line each):
//   FILE.values.tsv    column, row_group, value: every distinct non-null value of every column
//                      chunk, as text (the form a key file holds)
//   FILE.distinct.tsv  column, row_group, rows, true count of distinct non-null values
//   FILE.probes.tsv    column, value, excludes: DuckDB's parquet_bloom_probe(file, column,
//                      value) answers, one character per row group in order (1 = the bloom
//                      filter excludes the value, 0 = it may be present), for a sample of the
//                      present values and for values absent from the file
// Columns are named by their path in the schema joined with '.' ("st.a" for a struct member).
import { DuckDBInstance } from '@duckdb/node-api';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2];
if (!outDir) {
    console.error('usage: node make_duckdb_fixtures.mjs OUTDIR');
    process.exit(2);
}

const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
async function rows(sql) {
    return (await con.runAndReadAll(sql)).getRowObjects();
}
// One thread: row groups are written in row order, ROW_GROUP_SIZE rows each.
await rows('SET threads = 1');

// Each file: its SELECT, its COPY options, and for each column its SQL type and the values
// probed that the file does not hold at all (the present values come from the file).
const files = [
    {
        name: 'duckdb_types.parquet',
        // Three row groups (2048, 2048, 904 rows); each row group shifts its value ranges, so a
        // value of one row group is absent from the others.
        select: `SELECT
              'city-' || ((i // 2048) * 50 + i % 120) AS s,
              ((i // 2048) * 40 + i % 90)::BIGINT * 1000003 - 7 AS n,
              ((i // 2048) * 30 + i % 70)::DOUBLE / 7 - 3 AS d,
              CASE WHEN i % 5 = 0 THEN NULL ELSE ((i // 2048) * 10 + i % 33)::INTEGER END AS small,
              {'a': 'straße-' || (i % 17), 'b': (i % 13)::INTEGER} AS st
            FROM range(5000) t(i)`,
        options: `FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048, DICTIONARY_SIZE_LIMIT 1000000`,
        columns: {
            s: { type: 'VARCHAR', absent: 'SELECT \'town-\' || i FROM range(200) t(i)' },
            n: { type: 'BIGINT', absent: 'SELECT i::BIGINT * 1000003 + 1 FROM range(200) t(i)' },
            d: { type: 'DOUBLE', absent: 'SELECT i::DOUBLE / 7 + 1000.5 FROM range(200) t(i)' },
            small: { type: 'INTEGER', absent: 'SELECT (i + 1000)::INTEGER FROM range(200) t(i)' },
            // parquet_bloom_probe names top-level columns only: struct members get their values
            // and distinct counts recorded, but no probe answers.
            'st.a': { type: 'VARCHAR', probe: false },
            'st.b': { type: 'INTEGER', probe: false },
        },
    },
    {
        name: 'duckdb_wide_filter.parquet',
        // Two row groups (2048, 452 rows), filters sized for a false-positive ratio of 0.1: a
        // string column with more distinct values, and negative integers.
        select: `SELECT
              'k' || (i * 7919 % 100003) % 600 AS s,
              -((i % 300)::BIGINT * 65537) AS n
            FROM range(2500) t(i)`,
        options: `FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 2048, DICTIONARY_SIZE_LIMIT 1000000, BLOOM_FILTER_FALSE_POSITIVE_RATIO 0.1`,
        columns: {
            s: { type: 'VARCHAR', absent: 'SELECT \'k-absent-\' || i FROM range(300) t(i)' },
            n: { type: 'BIGINT', absent: 'SELECT (i::BIGINT + 1) * 65537 FROM range(200) t(i)' },
        },
    },
];

function tsv(header, lines) {
    return [header.join('\t'), ...lines.map((l) => l.join('\t'))].join('\n') + '\n';
}
function sqlString(text) {
    return `'${String(text).replaceAll("'", "''")}'`;
}
function columnSql(column) {
    // "st.a" -> st.a (struct member access)
    return column.split('.').map((p) => `"${p}"`).join('.');
}

// Present values probed per column: at most this many, spread over the sorted values.
const kPresentProbes = 60;
const summary = [];

for (const f of files) {
    const valueLines = [];
    const distinctLines = [];
    const probeLines = [];
    const path = join(outDir, f.name);
    await rows(`COPY (${f.select}) TO ${sqlString(path)} (${f.options})`);
    const groups = await rows(
        `SELECT DISTINCT row_group_id, row_group_num_rows FROM parquet_metadata(${sqlString(path)}) ORDER BY row_group_id`);
    // Row numbers at which each row group starts.
    const starts = [];
    let start = 0n;
    for (const g of groups) {
        starts.push([Number(g.row_group_id), start, start + g.row_group_num_rows]);
        start += g.row_group_num_rows;
    }
    for (const [column, spec] of Object.entries(f.columns)) {
        const col = columnSql(column);
        // Text of a value, checked to parse back to the same value.
        const text = (expr) => `CAST(${expr} AS VARCHAR)`;
        const present = new Set();
        for (const [group, from, to] of starts) {
            const vals = await rows(
                `SELECT DISTINCT ${text(col)} AS v FROM read_parquet(${sqlString(path)}, file_row_number = true)
                 WHERE file_row_number >= ${from} AND file_row_number < ${to} AND ${col} IS NOT NULL ORDER BY v`);
            for (const { v } of vals) {
                valueLines.push([column, group, v]);
                present.add(v);
            }
            distinctLines.push([column, group, String(to - from), vals.length]);
        }
        const bad = await rows(
            `SELECT count(*) AS c FROM (SELECT DISTINCT ${col} AS x FROM ${sqlString(path)}) WHERE x IS NOT NULL
               AND CAST(CAST(x AS VARCHAR) AS ${spec.type}) IS DISTINCT FROM x`);
        if (bad[0].c !== 0n) throw new Error(`${f.name} ${column}: a value does not survive its text form`);
        if (spec.probe === false) continue;
        const absent = (await rows(`SELECT ${text('x')} AS v FROM (${spec.absent}) t(x)`)).map((r) => r.v);
        for (const v of absent) {
            if (present.has(v)) throw new Error(`${f.name} ${column}: the absent value ${v} is present`);
        }
        const all = [...present];
        const step = Math.max(1, Math.ceil(all.length / kPresentProbes));
        const sample = all.filter((_, i) => i % step === 0);
        for (const v of [...sample, ...absent]) {
            const answers = await rows(
                `SELECT row_group_id, bloom_filter_excludes FROM parquet_bloom_probe(${sqlString(path)}, ${sqlString(column)},
                   CAST(${sqlString(v)} AS ${spec.type})) ORDER BY row_group_id`);
            if (answers.length !== starts.length) throw new Error(`${f.name} ${column}: probe gave ${answers.length} rows`);
            probeLines.push([column, v, answers.map((a) => (a.bloom_filter_excludes ? '1' : '0')).join('')]);
        }
    }
    const stem = join(outDir, f.name.replace(/\.parquet$/, ''));
    writeFileSync(`${stem}.values.tsv`, tsv(['column', 'row_group', 'value'], valueLines));
    writeFileSync(`${stem}.distinct.tsv`, tsv(['column', 'row_group', 'rows', 'distinct'], distinctLines));
    writeFileSync(`${stem}.probes.tsv`, tsv(['column', 'value', 'excludes'], probeLines));
    summary.push(`${f.name}: ${starts.length} row groups, ${valueLines.length} values, ${probeLines.length} probes`);
}

const version = (await rows('SELECT version() AS v'))[0].v;
console.log(`written by DuckDB ${version}:\n  ${summary.join('\n  ')}`);
