/** The field tree: what a client asked for, validated and normalised from YAML or JSON Schema. */

export type ScalarKind = 'string' | 'double' | 'integer' | 'boolean' | 'date' | 'datetime' | 'enum';
export type FieldKind = ScalarKind | 'array' | 'object';

/** Order of day, month and year when a written date is ambiguous (03/04/2024). */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

interface FieldBase {
  /** Key in the output object (the client's own spelling). For array items: the array's name. */
  name: string;
  /** Dotted path in the configuration, for messages: schemas.data.properties.total */
  path: string;
  description: string;
  required: boolean;
  /** Extra labels the client says the value may appear under ("Invoice #", "Bill no"). */
  aliases: string[];
}

export interface StringField extends FieldBase {
  kind: 'string';
}
export interface DoubleField extends FieldBase {
  kind: 'double';
}
export interface IntegerField extends FieldBase {
  kind: 'integer';
}
export interface BooleanField extends FieldBase {
  kind: 'boolean';
}
export interface DateField extends FieldBase {
  kind: 'date' | 'datetime';
  /** From the config's `date_format` hint, when given. */
  dateOrder?: DateOrder;
}
export interface EnumField extends FieldBase {
  kind: 'enum';
  values: string[];
}
export interface ArrayField extends FieldBase {
  kind: 'array';
  items: Field;
}
export interface ObjectField extends FieldBase {
  kind: 'object';
  properties: Field[];
}

export type Field =
  | StringField
  | DoubleField
  | IntegerField
  | BooleanField
  | DateField
  | EnumField
  | ArrayField
  | ObjectField;

/** The root of a configuration: schemas.data, always an object. */
export interface FieldConfig {
  fields: Field[];
}

/** A typed JSON value as returned in `data`. */
export type FieldValue = string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue };
