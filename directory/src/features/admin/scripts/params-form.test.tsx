import { describe, expect, it } from 'vitest';
import type { ScriptParamsJsonSchema } from '@moveratlas/contracts';
import { initialValues, readParams } from './params-form';

// As z.toJSONSchema writes a script's parameters (input side).
const schema: ScriptParamsJsonSchema = {
  type: 'object',
  properties: {
    batchSize: { type: 'integer', minimum: 10, maximum: 5000, default: 1000, title: 'Batch size' },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    dryRun: { type: 'boolean', default: false },
    mode: { type: 'string', enum: ['quick', 'full'], default: 'quick' },
    label: { type: 'string', maxLength: 5 },
    note: { type: 'string' },
  },
  required: ['label'],
  additionalProperties: false,
};

describe('the generated parameter form', () => {
  it('starts from the defaults, or from given values', () => {
    expect(initialValues(schema)).toEqual({
      batchSize: '1000',
      ratio: '',
      dryRun: false,
      mode: 'quick',
      label: '',
      note: '',
    });
    expect(initialValues(schema, { batchSize: 50, dryRun: true })).toMatchObject({
      batchSize: '50',
      dryRun: true,
    });
  });

  it('turns the fields into typed parameters, leaving empty optional ones out', () => {
    const values = { ...initialValues(schema), batchSize: ' 250 ', ratio: '0.5', label: 'abc' };
    expect(readParams(schema, values)).toEqual({
      params: { batchSize: 250, ratio: 0.5, dryRun: false, mode: 'quick', label: 'abc' },
      errors: {},
    });
  });

  it('says what is wrong with each field', () => {
    const values = {
      ...initialValues(schema),
      batchSize: '5',
      ratio: 'lots',
      mode: 'sideways',
      label: '',
    };
    expect(readParams(schema, values).errors).toEqual({
      batchSize: 'Batch size must be at least 10',
      ratio: 'Ratio must be a number',
      mode: 'Choose a mode',
      label: 'Label is required',
    });
    expect(
      readParams(schema, { ...values, batchSize: '12.5', label: 'toolong' }).errors,
    ).toMatchObject({
      batchSize: 'Batch size must be a whole number',
      label: 'Label must be at most 5 characters',
    });
  });
});
