export * from './call.ts';
export * from './catalogue.ts';
export * from './errors.ts';
export * from './money.ts';
export * as rules from './validation.ts';
