/** The calculator's query schema, in a module of its own so that zod loads on demand (calculator-model.ts). */
export { MoveCostQuerySchema } from '@moveratlas/contracts';
