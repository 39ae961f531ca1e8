import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness';
import { ResponseContract } from '../support/response-contract';

let server: TestServer;
let contract: ResponseContract;
beforeAll(async () => {
  server = await startTestServer();
  contract = new ResponseContract(server.app.http);
});
afterAll(() => server.close());

const profile = { id: '101', name: '山田 花子', userNumber: '100001', clinicId: '1', language: 'ja' };
const json = 'application/json; charset=utf-8';

describe("the HTTP tests' check of every answer against the OpenAPI document", () => {
  it('passes an answer its route declares', () => {
    expect(contract.problem('GET', '/api/users/profile', { status: 200, body: profile, contentType: json })).toBeNull();
  });

  it('refuses a property the schema does not name, a missing one, and a wrong type', () => {
    expect(contract.problem('GET', '/api/users/profile', { status: 200, body: { ...profile, email: 'a@example.jp' }, contentType: json })).toMatch(
      /additional properties 'email'/,
    );
    const { clinicId: _clinicId, ...withoutClinic } = profile;
    expect(contract.problem('GET', '/api/users/profile', { status: 200, body: withoutClinic, contentType: json })).toMatch(/required property 'clinicId'/);
    expect(contract.problem('GET', '/api/users/profile', { status: 200, body: { ...profile, userNumber: 100001 }, contentType: json })).toMatch(
      /userNumber must be string/,
    );
  });

  it('refuses a status the route does not declare, and an error code it does not list', () => {
    expect(contract.problem('GET', '/api/users/profile', { status: 202, body: profile, contentType: json })).toMatch(
      /a status its OpenAPI document does not declare/,
    );
    const error = (code: string) => ({ error: { code, message: 'メッセージ' } });
    expect(contract.problem('GET', '/api/users/clinics/1', { status: 404, body: error('CLINIC_NOT_FOUND'), contentType: json })).toBeNull();
    expect(contract.problem('GET', '/api/users/clinics/1', { status: 404, body: error('MENU_NOT_FOUND'), contentType: json })).toMatch(
      /MENU_NOT_FOUND, which is not among the codes/,
    );
    expect(
      contract.problem('GET', '/api/users/clinics/1', { status: 404, body: { error: { ...error('CLINIC_NOT_FOUND').error, hint: 'x' } }, contentType: json }),
    ).toMatch(/additional properties 'hint'/);
  });

  it('finds the route as the routers do, and leaves alone what no route of the document answers', () => {
    // /api/staffs/{id} takes digits only; /api/staffs/tags is another router's.
    expect(contract.problem('GET', '/api/staffs/tags', { status: 200, body: [], contentType: json })).toBeNull();
    expect(contract.problem('GET', '/api/staffs/12?x=1', { status: 200, body: [], contentType: json })).toMatch(/\/api\/staffs\/:id/);
    expect(contract.problem('GET', '/api/docs', { status: 200, body: '<html>', contentType: 'text/html' })).toBeNull();
  });

  it("checks the LINE answers and the guest waitlist's token answers by the contract's schemas (@clinic/contract)", () => {
    const problem = (method: string, path: string, status: number, body: unknown) => contract.problem(method, path, { status, body, contentType: json });
    expect(problem('GET', '/api/users/line', 200, { available: true, linked: false })).toBeNull();
    expect(problem('GET', '/api/users/line', 200, { available: true })).toMatch(/required property 'linked'/);
    expect(problem('GET', '/api/guests/line', 200, { available: true })).toBeNull();
    expect(problem('GET', '/api/guests/line', 200, { available: true, linked: false })).toMatch(/additional properties 'linked'/);
    for (const path of ['/api/guests/line/login', '/api/users/line/link']) {
      expect(problem('POST', path, 200, { authorizationUrl: 'https://access.line.me/oauth2/v2.1/authorize?state=q9' })).toBeNull();
      expect(problem('POST', path, 200, { authorizationUrl: 'not a url' })).toMatch(/authorizationUrl must match format/);
    }
    expect(problem('POST', '/api/guests/line/callback', 200, { purpose: 'login', redirectTo: '/user/mypage/update/' })).toBeNull();
    expect(problem('POST', '/api/guests/line/callback', 200, { purpose: 'logout', redirectTo: '/' })).toMatch(
      /purpose must be equal to one of the allowed values/,
    );

    expect(problem('POST', '/api/guests/waitlist', 201, { id: '32', status: 'WAITING', token: 'd2FpdGxpc3QtdG9rZW4' })).toBeNull();
    expect(problem('POST', '/api/guests/waitlist', 201, { id: '32', status: 'WAITING', token: 't', cancelToken: 'c' })).toMatch(
      /additional properties 'cancelToken'/,
    );
    const booked = { id: '1003', startsAt: '2026-12-03T10:30:00+09:00', endsAt: '2026-12-03T12:00:00+09:00', cancelToken: 'c2FtcGxl' };
    expect(problem('POST', '/api/guests/waitlist/accept', 201, booked)).toBeNull();
    const { cancelToken: _cancelToken, ...withoutToken } = booked;
    expect(problem('POST', '/api/guests/waitlist/accept', 201, withoutToken)).toMatch(/required property 'cancelToken'/);
  });

  it('documents PUT /api/users, the path the member settings page calls', async () => {
    const document = (await server.client().get('/api/openapi.json')).body;
    expect(document.paths['/api/users'].put.summary).toBeTruthy();
    expect(document.paths['/api/users/']).toBeUndefined();
  });
});
