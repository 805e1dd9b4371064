import type { cs } from './cs';
import type { Plural } from './types';

type Czech = typeof cs;
/** Every locale has exactly the Czech keys; plural entries stay plural. */
export type Dictionary = { [K in keyof Czech]: Czech[K] extends string ? string : Plural };
export type MessageKey = { [K in keyof Czech]: Czech[K] extends string ? K : never }[keyof Czech];
export type PluralKey = { [K in keyof Czech]: Czech[K] extends string ? never : K }[keyof Czech];
export type Vars = Record<string, string | number>;
