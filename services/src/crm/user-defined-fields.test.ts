import { describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/index.ts';
import { useErpServices, withRoleSettings } from '../analytics/erp-test-kit.ts';
import { fieldNameOf } from './user-defined-field-routes.ts';
import { checkedValue } from './user-defined-values.ts';

// Issue 27, user-defined fields: an administrator adds typed fields to activities, contacts and
// opportunities; their values round-trip on the records of the caller's scope, are validated by
// type (a 400 naming the field), and another organization's fields and values stay out of reach.
const kit = useErpServices();
const { ok, post, get, sql } = kit;

type Row = Record<string, any>;
const send = async (browser: TestBrowser, method: 'PUT' | 'DELETE' | 'POST' | 'PATCH' | 'GET', url: string, body?: unknown) => {
  const response = await browser.request(method, `/api${url}`, body === undefined ? {} : { body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

const activityOf = async (rep: string) => (await sql(`SELECT activity_transaction_number::text AS id FROM crm.activity WHERE sales_rep = $1 ORDER BY 1 LIMIT 1`, [rep]))[0]!.id as string;

async function addField(body: Row) {
  return ok(kit.users.admin, '/DynamicData/Meta', body);
}

describe('user-defined fields: meta', () => {
  it('an administrator adds text, number, date and choice fields; everyone with the right reads them in order; the name comes from the label', async () => {
    const { admin, rep } = kit.users;
    const text = await addField({ dynamicTable: 'Activity', label: 'Competitor seen', fieldType: 'Text' });
    expect(text).toMatchObject({ fieldName: 'competitor_seen', fieldType: 'Text', choices: [], isActive: true, version: 1 });
    const number = await addField({ dynamicTable: 'Activity', label: 'Units discussed', fieldType: 'Number', isRequired: false });
    const date = await addField({ dynamicTable: 'Activity', label: 'Next delivery', fieldType: 'Date' });
    const choice = await addField({ dynamicTable: 'Activity', label: 'Mood', fieldType: 'Choice', choices: [' Happy ', 'Neutral', 'Unhappy'] });
    expect(choice.choices).toEqual(['Happy', 'Neutral', 'Unhappy']);
    const list = await ok(rep, '/DynamicData/Meta/List/Activity', {});
    expect(list.fields.map((f: Row) => f.fieldName)).toEqual(['competitor_seen', 'units_discussed', 'next_delivery', 'mood']);
    expect((await get(rep, '/DynamicData/Meta/FieldList/Activity')).body.rows.map((r: Row) => r.fieldType)).toEqual(['Text', 'Number', 'Date', 'Choice']);
    expect((await get(rep, `/DynamicData/CustomerDynamicTableMetaData?id=${number.id}`)).body.label).toBe('Units discussed');
    expect((await get(rep, '/ExtensibilityDropdown/GetFieldNameList/Activity')).body.rows.map((r: Row) => r.fieldName)).toEqual(['mood']);
    expect((await post(rep, '/ExtensibilityDropdown/GetList/Activity/mood', {})).body.rows.map((r: Row) => r.dataValue)).toEqual(['Happy', 'Neutral', 'Unhappy']);
    expect((await get(rep, '/ExtensibilityDropdown/GetExact/Activity/mood/Neutral')).body.displayOrder).toBe(2);
    expect((await get(rep, '/ExtensibilityDropdown/GetExact/Activity/mood/Angry')).status).toBe(404);
    expect((await post(rep, '/ExtensibilityDropdown/GetList/Activity/units_discussed', {})).status).toBe(404);
    const options = (await get(rep, '/System/CrmFormOptions')).body;
    expect(options.entities.find((e: Row) => e.dynamicTable === 'Activity').fieldCount).toBe(4);
    expect(options.canManageFields).toBe(false);
    expect((await get(admin, '/System/CrmFormOptions')).body.canManageFields).toBe(true);
    // A label taken, a name taken, a choice field without choices or with one twice: 400s.
    expect((await post(admin, '/DynamicData/Meta', { dynamicTable: 'Activity', label: 'mood', fieldType: 'Text' })).status).toBe(400);
    expect((await post(admin, '/DynamicData/Meta', { dynamicTable: 'Activity', label: 'Other', fieldName: 'mood', fieldType: 'Text' })).status).toBe(400);
    expect((await post(admin, '/DynamicData/Meta', { dynamicTable: 'Activity', label: 'Size', fieldType: 'Choice', choices: [] })).body.message).toMatch(/needs its choices/);
    expect((await post(admin, '/DynamicData/Meta', { dynamicTable: 'Activity', label: 'Size', fieldType: 'Choice', choices: ['S', 's'] })).body.message).toMatch(/'s' is given twice/);
    // The same label on another entity is another field.
    expect((await addField({ dynamicTable: 'Contact', label: 'Mood', fieldType: 'Text' })).fieldName).toBe('mood');
    expect(date.fieldType).toBe('Date');
  });

  it('updates come from the version read (409 with the current field), a type with values stays, a choice in use stays; delete removes the values', async () => {
    const { admin, rep } = kit.users;
    const field = await addField({ dynamicTable: 'Activity', label: 'Budget band', fieldType: 'Choice', choices: ['Low', 'High'] });
    const first = await send(admin, 'PUT', `/FormTemplate/UserDefined/Meta/${field.id}`, { label: 'Budget', fieldType: 'Choice', choices: ['Low', 'Mid', 'High'], version: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ label: 'Budget', version: 2, fieldName: 'budget_band' });
    const stale = await send(admin, 'PUT', `/DynamicData/Meta/${field.id}`, { label: 'Budget!', fieldType: 'Choice', choices: ['Low'], version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current.label).toBe('Budget');
    const id = await activityOf('SR01');
    await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'budget_band', value: 'Mid' }] });
    const dropMid = await send(admin, 'PUT', `/DynamicData/Meta/${field.id}`, { label: 'Budget', fieldType: 'Choice', choices: ['Low', 'High'], version: 2 });
    expect(dropMid.status).toBe(400);
    expect(dropMid.body.message).toMatch(/'Mid'.*in use/);
    const retype = await send(admin, 'PUT', `/DynamicData/Meta/${field.id}`, { label: 'Budget', fieldType: 'Text', version: 2 });
    expect(retype.status).toBe(400);
    expect(retype.body.message).toMatch(/has values/);
    const inactive = await send(admin, 'PUT', `/DynamicData/Meta/${field.id}`, { label: 'Budget', fieldType: 'Choice', choices: ['Low', 'Mid', 'High'], isActive: false, version: 2 });
    expect(inactive.body.isActive).toBe(false);
    expect((await ok(rep, '/DynamicData/Meta/List/Activity', {})).fields.some((f: Row) => f.id === field.id)).toBe(false);
    expect((await post(admin, '/DynamicData/Meta/List/Activity?fromDataManager=true', {})).body.fields.some((f: Row) => f.id === field.id)).toBe(true);
    expect((await post(admin, '/FormTemplate/UserDefined/Meta/List', { dynamicTable: 'Activity' })).body.rows.some((f: Row) => f.id === field.id)).toBe(true);
    expect((await send(admin, 'DELETE', `/FormTemplate/UserDefined/Meta/${field.id}`)).status).toBe(204);
    expect(await sql('SELECT 1 FROM crm.udf_value WHERE udf_id = $1', [field.id])).toEqual([]);
    expect((await send(admin, 'DELETE', `/FormTemplate/UserDefined/Meta/${field.id}`)).status).toBe(404);
    const audit = await sql("SELECT action FROM crm.audit WHERE entity = 'UserDefinedField' AND entity_id = $1 ORDER BY audit_id", [String(field.id)]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('meta writes are administrators\u2019: a rep or manager gets 403', async () => {
    const { rep, manager, admin } = kit.users;
    const field = await addField({ dynamicTable: 'Opportunity', label: 'Decision maker', fieldType: 'Text' });
    for (const browser of [rep, manager]) {
      expect((await post(browser, '/DynamicData/Meta', { dynamicTable: 'Activity', label: 'Mine', fieldType: 'Text' })).status).toBe(403);
      expect((await post(browser, '/FormTemplate/UserDefined/Meta', { dynamicTable: 'Activity', label: 'Mine', fieldType: 'Text' })).status).toBe(403);
      expect((await send(browser, 'PUT', `/DynamicData/Meta/${field.id}`, { label: 'x', fieldType: 'Text', version: 1 })).status).toBe(403);
      expect((await send(browser, 'DELETE', `/FormTemplate/UserDefined/Meta/${field.id}`)).status).toBe(403);
      expect((await post(browser, '/FormTemplate/UserDefined/Meta/List', {})).status).toBe(403);
      expect((await post(browser, '/DynamicData/Meta/List/Activity?fromDataManager=true', {})).status).toBe(403);
      expect((await send(browser, 'PATCH', '/FormTemplate/Config/Opportunity', { fieldNames: [] })).status).toBe(403);
      expect((await post(browser, '/DataManager/Local/CreateLocalCRMColumnForUDF', { dynamicTable: 'Opportunity', fieldName: 'decision_maker' })).status).toBe(403);
    }
    const column = await ok(admin, '/DataManager/Local/CreateLocalCRMColumnForUDF', { dynamicTable: 'Opportunity', fieldName: 'decision_maker' });
    expect(column).toMatchObject({ storage: 'crm.udf_value', altered: false, fieldType: 'Text' });
    expect((await post(admin, '/DataManager/Local/CreateLocalCRMColumnForUDF', { dynamicTable: 'Opportunity', fieldName: 'nope' })).status).toBe(404);
  });

  it('reading fields and values needs the entity\u2019s access right (403 without it)', async () => {
    const { rep } = kit.users;
    const id = await activityOf('SR01');
    await withRoleSettings(kit, 'SalesRep', { ActivityAccessRight: 'false' }, async () => {
      expect((await post(rep, '/DynamicData/Meta/List/Activity', {})).status).toBe(403);
      expect((await get(rep, '/DynamicData/Meta/FieldList/Activity')).status).toBe(403);
      expect((await post(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'mood', value: 'Happy' }] })).status).toBe(403);
    });
  });
});

describe('user-defined fields: values', () => {
  it('round-trip: values of every type are written, read back with the record (and in a list), cleared with null; the write is audited', async () => {
    const { rep } = kit.users;
    const id = await activityOf('SR01');
    const values = [
      { fieldName: 'competitor_seen', value: '  Acme Supply  ' },
      { fieldName: 'units_discussed', value: '1250.5' },
      { fieldName: 'next_delivery', value: '2026-12-03' },
      { fieldName: 'mood', value: 'Happy' },
    ];
    const audited = async () => (await sql("SELECT count(*)::int AS n FROM crm.audit WHERE entity = 'ActivityUserDefinedFields' AND entity_id = $1", [id]))[0]!.n as number;
    const auditedBefore = await audited();
    const saved = await ok(rep, '/DynamicData/InsertUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values });
    expect(saved).toEqual({
      recordId: id,
      values: [
        { fieldName: 'competitor_seen', value: 'Acme Supply' },
        { fieldName: 'units_discussed', value: 1250.5 },
        { fieldName: 'next_delivery', value: '2026-12-03' },
        { fieldName: 'mood', value: 'Happy' },
      ],
    });
    const read = await ok(rep, '/DynamicData/Meta/List/Activity', { recordIds: [id] });
    expect(read.values).toEqual([saved]);
    // Insert again: the record has values already.
    expect((await post(rep, '/DynamicData/InsertUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'mood', value: 'Neutral' }] })).body.message).toMatch(/update it instead/);
    const updated = await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'mood', value: null }, { fieldName: 'units_discussed', value: 7 }] });
    expect(updated.values).toEqual([
      { fieldName: 'competitor_seen', value: 'Acme Supply' },
      { fieldName: 'units_discussed', value: 7 },
      { fieldName: 'next_delivery', value: '2026-12-03' },
    ]);
    const [stored] = await sql("SELECT value_number::float AS n FROM crm.udf_value v JOIN crm.udf_meta m USING (udf_id) WHERE m.field_name = 'units_discussed' AND v.record_key = $1", [id]);
    expect(stored!.n).toBe(7);
    expect(await audited()).toBe(auditedBefore + 2);
    // Deleting the activity takes its values.
    const [other] = await sql("SELECT activity_transaction_number AS id, version FROM crm.activity WHERE sales_rep = 'SR01' ORDER BY 1 DESC LIMIT 1");
    await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: String(other!.id), values: [{ fieldName: 'mood', value: 'Unhappy' }] });
    expect((await send(rep, 'DELETE', `/ActivityTransaction/${other!.id}?version=${other!.version}`)).status).toBe(204);
    expect(await sql('SELECT 1 FROM crm.udf_value WHERE record_key = $1', [String(other!.id)])).toEqual([]);
  });

  it('contacts and opportunities take values too (a contact named with its company)', async () => {
    const { rep } = kit.users;
    const [contact] = await sql("SELECT t.company, t.contact FROM erp.contact t JOIN erp.customer c ON c.company = t.company AND c.customer = t.customer WHERE c.sales_rep = 'SR01' ORDER BY 1, 2 LIMIT 1");
    const saved = await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Contact', recordId: contact!.contact, company: contact!.company, values: [{ fieldName: 'mood', value: 'Chatty' }] });
    expect(saved.values).toEqual([{ fieldName: 'mood', value: 'Chatty' }]);
    expect((await ok(rep, '/DynamicData/Meta/List/Contact', { recordIds: [contact!.contact], company: contact!.company })).values[0].values).toEqual(saved.values);
    const [o] = await sql("SELECT opportunity::text AS id FROM crm.opportunity WHERE sales_rep = 'SR01' AND customer_master_id = 1 ORDER BY 1 LIMIT 1");
    expect((await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Opportunity', recordId: o!.id, values: [{ fieldName: 'decision_maker', value: 'CFO' }] })).values).toEqual([
      { fieldName: 'decision_maker', value: 'CFO' },
    ]);
  });

  it('lists filter on a field as udf.<fieldName>: only records holding one of the values; a value the type refuses or an unknown field is a 400', async () => {
    const { rep } = kit.users;
    const [first, second] = (await sql("SELECT activity_transaction_number::text AS id FROM crm.activity WHERE sales_rep = 'SR01' ORDER BY 1 LIMIT 2")).map((r) => r.id as string);
    await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: first, values: [{ fieldName: 'competitor_seen', value: 'Bolt & Co' }, { fieldName: 'units_discussed', value: 12 }] });
    await ok(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: second, values: [{ fieldName: 'competitor_seen', value: 'Nuts Inc' }, { fieldName: 'units_discussed', value: 40 }] });
    const ids = async (filters: Row[]) => (await ok(rep, '/ActivityTransaction/List', { pageSize: 50, filters })).rows.map((r: Row) => String(r.activityTransactionNumber)).sort();
    expect(await ids([{ field: 'udf.competitor_seen', comparison: 'equals', values: ['Bolt & Co'] }])).toEqual([first]);
    expect(await ids([{ field: 'UDF.Competitor_Seen', comparison: 'include', values: ['Bolt & Co', 'Nuts Inc'] }])).toEqual([first, second].sort());
    expect(await ids([{ field: 'udf.units_discussed', comparison: 'include', values: ['40', 12] }])).toEqual([first, second].sort());
    expect(await ids([{ field: 'udf.units_discussed', comparison: 'equals', values: [40] }, { field: 'salesRep', comparison: 'equals', values: ['SR01'] }])).toEqual([second]);
    expect(await ids([{ field: 'udf.competitor_seen', comparison: 'equals', values: ['Nobody'] }])).toEqual([]);
    const refused = await post(rep, '/ActivityTransaction/List', { filters: [{ field: 'udf.units_discussed', comparison: 'equals', values: ['many'] }] });
    expect(refused).toMatchObject({ status: 400, body: { message: expect.stringMatching(/Units discussed.*must be a number/) } });
    expect((await post(rep, '/ActivityTransaction/List', { filters: [{ field: 'udf.nope', comparison: 'equals', values: ['x'] }] })).body.message).toMatch(/no user-defined field 'nope'/);
    expect(await post(rep, '/ActivityTransaction/List', { filters: [{ field: 'udf.competitor_seen', comparison: 'include', values: ['Bolt & Co', ' '] }] }))
      .toMatchObject({ status: 400, body: { message: "Filter field 'udf.competitor_seen' has an empty value: name the values to match" } });
    // Opportunities filter the same way.
    const [o] = await sql("SELECT opportunity::text AS id FROM crm.opportunity WHERE sales_rep = 'SR01' AND customer_master_id = 1 ORDER BY 1 LIMIT 1");
    const opportunities = await ok(rep, '/Opportunity/List', { pageSize: 50, filters: [{ field: 'udf.decision_maker', comparison: 'equals', values: ['CFO'] }] });
    expect(opportunities.rows.map((r: Row) => String(r.opportunity))).toEqual([o!.id]);
  });

  it('validates each value by its field\u2019s type: a 400 naming the field', async () => {
    const { rep, admin } = kit.users;
    const id = await activityOf('SR01');
    const write = (fieldName: string, value: unknown) => post(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName, value }] });
    const cases: Array<[string, unknown, RegExp]> = [
      ['units_discussed', 'twelve', /'Units discussed' \(units_discussed\) must be a number/],
      ['units_discussed', '1e400', /must be a number/],
      ['next_delivery', '2026-02-30', /'Next delivery' \(next_delivery\) must be a date/],
      ['next_delivery', 'tomorrow', /must be a date/],
      ['mood', 'Angry', /'Mood' \(mood\) must be one of 'Happy', 'Neutral', 'Unhappy'/],
    ];
    for (const [field, value, message] of cases) {
      const answer = await write(field, value);
      expect(answer.status, `${field} = ${String(value)}`).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await write('no_such_field', 'x')).status).toBe(404);
    const twice = await post(rep, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'mood', value: 'Happy' }, { fieldName: 'mood', value: 'Neutral' }] });
    expect(twice.body.message).toMatch(/given twice/);
    // A required field: clearing it, or inserting without it, is a 400 naming it.
    const required = await addField({ dynamicTable: 'Activity', label: 'Visit outcome', fieldType: 'Text', isRequired: true });
    expect((await write('visit_outcome', '')).body.message).toMatch(/'Visit outcome' \(visit_outcome\) is required/);
    const [fresh] = await sql("SELECT activity_transaction_number::text AS id FROM crm.activity WHERE sales_rep = 'SR01' AND activity_transaction_number::text NOT IN (SELECT record_key FROM crm.udf_value) ORDER BY 1 LIMIT 1");
    const insert = await post(rep, '/DynamicData/InsertUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: fresh!.id, values: [{ fieldName: 'mood', value: 'Happy' }] });
    expect(insert.body.message).toMatch(/'Visit outcome' \(visit_outcome\) is required/);
    await send(admin, 'DELETE', `/FormTemplate/UserDefined/Meta/${required.id}`);
    // Unit: the checks alone.
    expect(checkedValue({ label: 'N', fieldName: 'n', fieldType: 'Number', choices: [], isRequired: false }, ' -3.5 ')).toEqual({ column: 'value_number', value: -3.5 });
    expect(checkedValue({ label: 'N', fieldName: 'n', fieldType: 'Number', choices: [], isRequired: false }, '  ')).toBeNull();
    expect(fieldNameOf('  2nd Café / Notes! ')).toBe('nd_cafe_notes');
    expect(fieldNameOf('!!!')).toBe('field');
  });

  it('another rep\u2019s record is a 404 for his values; another organization\u2019s field is a 404 for everyone here', async () => {
    const { rep, rep2, admin } = kit.users;
    const id = await activityOf('SR01');
    expect((await post(rep2, '/DynamicData/Meta/List/Activity', { recordIds: [id] })).status).toBe(404);
    expect((await post(rep2, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'mood', value: 'Happy' }] })).status).toBe(404);
    expect((await post(rep, '/DynamicData/Meta/List/Activity', { recordIds: ['2000000000'] })).status).toBe(404);
    expect((await post(rep, '/DynamicData/Meta/List/Activity', { recordIds: ['99999999999'] })).status).toBe(404);
    expect((await post(rep, '/DynamicData/Meta/List/Activity', { recordIds: ['abc'] })).status).toBe(404);
    const [theirs] = await sql("INSERT INTO crm.udf_meta (customer_master_id, dynamic_table, field_name, label, field_type) VALUES (2, 'Activity', 'secret', 'Secret', 'Text') RETURNING udf_id AS id");
    await sql("INSERT INTO crm.udf_value (udf_id, record_key, value_text) VALUES ($1, $2, 'theirs')", [theirs!.id, id]);
    for (const browser of [rep, admin]) {
      expect((await get(browser, `/DynamicData/CustomerDynamicTableMetaData?id=${theirs!.id}`)).status).toBe(404);
      const read = await ok(browser, '/DynamicData/Meta/List/Activity', { recordIds: [id] });
      expect(read.fields.some((f: Row) => f.fieldName === 'secret')).toBe(false);
      expect(JSON.stringify(read.values)).not.toContain('theirs');
      expect((await post(browser, '/DynamicData/UpdateUserDefinedFieldCustomValues', { dynamicTable: 'Activity', recordId: id, values: [{ fieldName: 'secret', value: 'mine' }] })).status).toBe(404);
    }
    expect((await send(admin, 'PUT', `/DynamicData/Meta/${theirs!.id}`, { label: 'Mine', fieldType: 'Text', version: 1 })).status).toBe(404);
    expect((await send(admin, 'DELETE', `/FormTemplate/UserDefined/Meta/${theirs!.id}`)).status).toBe(404);
    expect((await sql('SELECT value_text FROM crm.udf_value WHERE udf_id = $1', [theirs!.id]))[0]!.value_text).toBe('theirs');
    await sql('DELETE FROM crm.udf_meta WHERE udf_id = $1', [theirs!.id]);
  });
});

describe('user-defined fields: form layouts', () => {
  it('a form shows every active field until an administrator sets its layout; the layout names only the entity\u2019s active fields, once', async () => {
    const { rep, admin } = kit.users;
    const before = (await get(rep, '/FormTemplate/Config/Activity')).body;
    expect(before).toMatchObject({ isDefault: true, formSubKey: '' });
    expect(before.config.fieldNames).toContain('mood');
    const set = await send(admin, 'PATCH', '/FormTemplate/Config/Activity?formSubKey=quick', { fieldNames: ['mood', 'competitor_seen'] });
    expect(set.body).toMatchObject({ isDefault: false, formSubKey: 'quick', config: { fieldNames: ['mood', 'competitor_seen'] }, version: 1 });
    expect((await get(rep, '/FormTemplate/Config/Activity?formSubKey=quick')).body.config.fieldNames).toEqual(['mood', 'competitor_seen']);
    expect((await get(rep, '/FormTemplate/GetCustomerAssignedEntities/Activity')).body.rows).toEqual([{ formSubKey: 'quick', fieldCount: 2 }]);
    expect((await send(admin, 'PATCH', '/FormTemplate/Config/Activity', { fieldNames: ['mood', 'mood'] })).status).toBe(400);
    expect((await send(admin, 'PATCH', '/FormTemplate/Config/Activity', { fieldNames: ['decision_maker'] })).body.message).toMatch(/no active user-defined field 'decision_maker'/);
  });
});
