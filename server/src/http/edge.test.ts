/**
 * The edge as a whole: every API route is published in /api/docs with its input and answer
 * schemas and its access rule; schema refusals answer in the spec's envelope with the field's own
 * text; authentication comes before input checks; a route that forgets its access rule cannot start.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { signIn, type TestUser } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerAccess } from './access.js';

interface Operation {
  requestBody?: unknown;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, unknown>;
  security?: unknown[];
}

describe('the edge', () => {
  let testApp: TestApp;
  let user: TestUser;
  before(async () => {
    testApp = await createTestApp();
    user = await signIn(testApp.app, 'edge@edge.test');
  });
  after(() => testApp.close());

  test('/api/docs describes every API route with its schemas and access', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    assert.equal(response.statusCode, 200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    assert.match(doc.openapi, /^3\./);
    const apiRoutes = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1/'));
    assert.ok(apiRoutes.length >= 35, `only ${apiRoutes.length} routes documented`);
    for (const path of apiRoutes) {
      for (const [method, operation] of Object.entries(doc.paths[path]!)) {
        assert.ok(operation.responses['200'], `${method} ${path}: no answer schema`);
        assert.ok(operation.responses['4XX'], `${method} ${path}: no refusal schema`);
        assert.ok(operation.security?.length, `${method} ${path}: not marked as signed-in`);
        if (method === 'post') assert.ok(operation.requestBody, `${method} ${path}: no body schema`);
      }
    }
    const logs = doc.paths['/api/v1/apps/get-logs']!.get!;
    assert.deepEqual(logs.parameters?.map((parameter) => parameter.name).sort(), [
      'agent_id',
      'app_id',
      'since',
      'tail',
      'until',
    ]);
    // Pages, downloads and the agent socket are not part of the API description.
    assert.ok(!Object.keys(doc.paths).some((path) => path.startsWith('/agent/') || path === '/install.sh'));
  });

  test('/api/docs names the fields of typed answers, and the serializer keeps every one of them', async () => {
    const doc = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, JsonSchemaContent> }>>;
    };
    type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema };
    type JsonSchemaContent = { content: { 'application/json': { schema: JsonSchema } } };
    const dataOf = (path: string, method: string) =>
      doc.paths[path]![method]!.responses['200']!.content['application/json'].schema.properties!.data!;
    const fields = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {}).sort();
    assert.deepEqual(fields(dataOf('/auth/user', 'get')), [
      'email',
      'image',
      'name',
      'organizations',
      'user_id',
    ]);
    assert.deepEqual(fields(dataOf('/auth/user', 'get').properties!.organizations!.items), [
      'id',
      'licenses',
      'name',
      'role',
      'subscription_status',
    ]);
    const members = dataOf('/api/v1/organizations/get-members', 'post').properties!.members!.items;
    assert.deepEqual(fields(members), ['email', 'name', 'pending', 'role', 'user_id']);
    assert.deepEqual(fields(dataOf('/api/v1/organizations/promote-agent', 'post')), [
      'message',
      'subscription_status',
    ]);
    const versions = dataOf('/api/v1/agents/get-available-versions', 'get').properties!.versions!.items;
    assert.deepEqual(fields(versions), ['is_beta', 'message', 'name', 'url', 'version_number']);

    // What the dashboard reads arrives whole: the profile with its organization.
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/organization/create-organization',
      payload: { name: 'Typed answers' },
      headers: user.headers,
    });
    const profile = (
      await testApp.app.inject({ method: 'GET', url: '/auth/user', headers: user.headers })
    ).json();
    assert.deepEqual(Object.keys(profile.data).sort(), [
      'email',
      'image',
      'name',
      'organizations',
      'user_id',
    ]);
    assert.deepEqual(
      profile.data.organizations.find((o: { id: string }) => o.id === created.json().data.id),
      {
        id: created.json().data.id,
        name: 'Typed answers',
        role: 'owner',
        subscription_status: 'unpaid',
        licenses: 0,
      },
    );
  });

  test('no answer leaves its data untyped: every route names the fields the dashboard reads', async () => {
    type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };
    const doc = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
      >;
    };
    const untyped: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const data = operation.responses['200']?.content?.['application/json']?.schema.properties?.data;
        if (!data) continue;
        // Type.Unknown() is published as {}: the serializer would pass whatever the service returns.
        if (Object.keys(data).length === 0) untyped.push(`${method} ${path}`);
        for (const [field, schema] of Object.entries(data.properties ?? {}))
          if (Object.keys(schema).length === 0) untyped.push(`${method} ${path} data.${field}`);
      }
    }
    assert.deepEqual(untyped, []);
  });

  test('schema refusals use the field’s spec text, else Invalid request', async () => {
    const create = (payload: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/organization/create-organization',
        payload: payload as object,
        headers: user.headers,
      });
    assert.deepEqual((await create({})).json(), { success: false, message: 'Organization name is required' });
    assert.deepEqual((await create({ name: ' ' })).json(), {
      success: false,
      message: 'Organization name is required',
    });
    assert.deepEqual((await create({ name: 'x'.repeat(256) })).json(), {
      success: false,
      message: 'Organization name must be 255 characters or less',
    });
    // No coercion: a number is not a name.
    const number = await create({ name: 42 });
    assert.equal(number.statusCode, 400);
    assert.deepEqual(number.json(), { success: false, message: 'Invalid request' });
    const logs = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/apps/get-logs?agent_id=a&app_id=b&tail=lots',
      headers: user.headers,
    });
    assert.deepEqual(logs.json(), { success: false, message: 'Invalid request' });
  });

  test('a signed-out caller is told so before any input is checked', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/organization/create-organization',
      payload: { name: 42 },
    });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { success: false, message: 'Not authenticated' });
  });

  test('an API route without an access rule cannot be added', () => {
    const app = Fastify();
    registerAccess(app);
    assert.throws(() => app.get('/api/v1/forgotten', async () => 'open'), /must declare config\.auth/);
  });
});
