/**
 * The TypeBox schema builders the contract uses, imported by name. TypeBox's own `Type` is its
 * whole builder module as one object, so a bundle keeps every builder: the agent's bundle parsed
 * 66 KB of TypeBox it never called, about 0.5 MB of its idle memory (bench/agent, idle).
 */
import {
  Array as ArrayType,
  Boolean as BooleanType,
  Composite,
  Integer,
  Literal,
  Null,
  Number as NumberType,
  Object as ObjectType,
  Optional,
  Record as RecordType,
  String as StringType,
  Union,
  Unknown,
} from '@sinclair/typebox';

export const Type = {
  Array: ArrayType,
  Boolean: BooleanType,
  Composite,
  Integer,
  Literal,
  Null,
  Number: NumberType,
  Object: ObjectType,
  Optional,
  Record: RecordType,
  String: StringType,
  Union,
  Unknown,
};
