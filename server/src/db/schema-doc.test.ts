import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { currentSchemaDocument, SCHEMA_DOC, schemaDocument } from './schema-doc';

describe('docs/schema.md', () => {
  it('is the schema the migrations build today (run npm run db:schema after adding a migration)', async () => {
    const current = await currentSchemaDocument();
    expect(fs.readFileSync(SCHEMA_DOC, 'utf8')).toBe(current);
  });

  it('lists each table with its columns, types, keys and indexes', async () => {
    const db = openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      await db.schema.createTable('owners', (t) => {
        t.increments('id');
      });
      await db.schema.createTable('pets', (t) => {
        t.increments('id');
        t.string('name', 40).notNullable().defaultTo('Rex');
        t.integer('owner_id').references('id').inTable('owners').onDelete('CASCADE');
        t.index(['name'], 'pets_name');
        t.unique(['owner_id', 'name'], { indexName: 'pets_owner_name' });
      });
      const doc = await schemaDocument(db);
      expect(doc).toContain('2 tables');
      const pets = doc.slice(doc.indexOf('## pets'));
      expect(pets.split('\n').slice(0, 13)).toEqual([
        '## pets',
        '',
        '| Column | Type | Null | Default | Key |',
        '| --- | --- | --- | --- | --- |',
        '| id | integer | no |  | primary |',
        "| name | varchar(40) | no | 'Rex' |  |",
        '| owner_id | integer | yes |  | → owners.id (on delete cascade) |',
        '',
        '| Index | Columns | Unique |',
        '| --- | --- | --- |',
        '| pets_name | name | no |',
        '| pets_owner_name | owner_id, name | yes |',
        '',
      ]);
    } finally {
      await db.destroy();
    }
  });
});
