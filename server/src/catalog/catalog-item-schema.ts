/**
 * get-apps' answer as a TypeBox schema, for the response serializer and /api/docs. The contract
 * keeps `CatalogItem` schema-free (browser bundles take it through `shared`); the check at the
 * end fails to compile when this schema and that type disagree in either direction.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PLANS, type CatalogItem } from 'contract';

const nullableText = Type.Union([Type.String(), Type.Null()]);

const ReleaseSchema = Type.Object({
  name: Type.String(),
  date: Type.String(),
  description: Type.String(),
  breaking_changes: Type.Boolean(),
  changelog_url: nullableText,
});

export const CatalogItemSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  summary: Type.String(),
  license: Type.String(),
  license_url: nullableText,
  homepage_url: Type.String(),
  repository_url: nullableText,
  registry_url: nullableText,
  documentation_url: nullableText,
  keywords: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  alternative_to: Type.Array(Type.String()),
  logo: Type.String(),
  waiting_list: Type.Boolean(),
  available_in: Type.Array(Type.Union(PLANS.map((plan) => Type.Literal(plan)))),
  sponsorship: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  registry: Type.Object({
    tags: Type.Array(Type.Object({ name: Type.String() })),
    releases: Type.Array(ReleaseSchema),
  }),
  host_access: nullableText,
});

type SchemaItem = Static<typeof CatalogItemSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesContract: Same<CatalogItem, SchemaItem> = true;
void schemaMatchesContract;
