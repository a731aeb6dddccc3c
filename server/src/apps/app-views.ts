/**
 * The apps' answers (spec section 7, Apps) as TypeBox schemas: the routes' response schemas,
 * /api/docs and the services' return types are one, so the serializer keeps every field.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EXTENSIONS, type ComposeFilesInUse } from 'contract';

const nullableText = Type.Union([Type.String(), Type.Null()]);
const extension = Type.Union(EXTENSIONS.map((name) => Type.Literal(name)));
/** The app providing the extension; the app's own id for 'Expose Port' (spec section 3). */
const extensionValue = Type.Object({ extension, extension_app_id: Type.String() });
/** The compose service and container port an extension reaches in the app. */
const supportedExtension = Type.Object({
  extension,
  service: Type.String(),
  port: Type.Integer(),
});

/** A tile of the apps grid (get-apps). */
export const AppListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  color: Type.String(),
  extension: nullableText,
  status: Type.Integer(),
});

/** A file or variable entry of the configuration editor; `app_id` null for the template's own. */
const configEntry = {
  id: Type.String(),
  is_encrypted: Type.Boolean(),
  app_id: nullableText,
};

/** The compose files and profiles the app runs with (the contract's rule), or why it cannot run. */
const ComposeInUse = Type.Object({
  files: Type.Array(Type.String()),
  profiles: Type.Array(Type.String()),
  error: nullableText,
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const composeMatchesContract: Same<ComposeFilesInUse, Static<typeof ComposeInUse>> = true;
void composeMatchesContract;

/** One app with its configuration (get-app); `files` and `variables` map entry ids to contents. */
export const AppDetails = Type.Object({
  config: Type.Object({
    id: Type.String(),
    name: Type.String(),
    description: nullableText,
    version: nullableText,
    template_id: nullableText,
    extension: nullableText,
    icon: Type.String(),
    color: Type.String(),
    files: Type.Array(
      Type.Object({
        ...configEntry,
        filename: Type.String(),
        type: Type.Union([Type.Literal('inherited'), Type.Literal('user')]),
      }),
    ),
    variables: Type.Array(
      Type.Object({
        ...configEntry,
        name: Type.String(),
        type: Type.Union([Type.Literal('constant'), Type.Literal('inherited'), Type.Literal('user')]),
      }),
    ),
    extension_values: Type.Array(extensionValue),
    supported_extensions: Type.Array(supportedExtension),
  }),
  tags: Type.Array(Type.Object({ name: Type.String() })),
  versions: Type.Array(Type.Object({ name: Type.String(), breaking_changes: Type.Boolean() })),
  files: Type.Record(Type.String(), Type.String()),
  variables: Type.Record(Type.String(), Type.String()),
  compose: ComposeInUse,
  /** The apps of the server that use the extension this app provides (exposed through this proxy). */
  extension_users: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type AppDetails = Static<typeof AppDetails>;

/** What control-app did (the app's status after it). */
export const ControlResult = Type.Object({
  app_id: Type.String(),
  status: Type.Integer(),
  operation: Type.String(),
});
