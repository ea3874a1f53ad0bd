import { describe, expect, it } from 'vitest';
import { answerProblems, checkAnswer, routeFor, type Answer } from '../helpers/api';

/**
 * The API tests' answer check (tests/helpers/api.ts) catches a drift between the route table
 * (and so OpenAPI) and what the server answers: each kind of drift below, on a deliberately
 * wrong answer.
 */
const json = { 'content-type': 'application/json; charset=utf-8' };
const rally = { id: 3, name: '熊本城ラリー', description: '', startsOn: '2026-11-01', endsOn: '2027-01-31' };
const ok = (body: unknown, status = 200): Answer => ({ status, headers: json, body });
const envelope = { error: { code: 'NOT_FOUND', message: '見つかりませんでした。', requestId: 'r-1' } };

describe('the API answer check', () => {
  it('matches a request to the route Express runs: first mounted wins, ids, query, trailing slash', () => {
    expect(routeFor('GET', '/api/coupons/get/campaign')?.path).toBe('/coupons/get/campaign');
    expect(routeFor('GET', '/api/coupons/12?lang=en')?.path).toBe('/coupons/{id}');
    expect(routeFor('HEAD', '/api/coupons/12/')?.path).toBe('/coupons/{id}');
    expect(routeFor('POST', '/api/coupons/12')).toBeUndefined();
  });

  it('accepts an answer its route declares', () => {
    expect(answerProblems('GET', '/api/coupons/get/campaign', ok({ data: rally }))).toEqual([]);
    expect(answerProblems('GET', '/api/coupons/get/campaign', ok({ data: null }))).toEqual([]);
    expect(answerProblems('GET', '/api/coupons/12', { status: 404, headers: json, body: envelope })).toEqual([]);
  });

  it('catches a body its schema refuses: a field missing, of the wrong type, a date malformed', () => {
    const nameless = { ...rally, name: undefined };
    expect(answerProblems('GET', '/api/coupons/get/campaign', ok({ data: nameless }))).toEqual([
      'body.data.name: Invalid input: expected string, received undefined',
    ]);
    expect(answerProblems('GET', '/api/coupons/get/campaign', ok({ data: { ...rally, id: '3' } }))).toHaveLength(1);
    expect(
      answerProblems('GET', '/api/coupons/get/campaign', ok({ data: { ...rally, endsOn: '31/01/2027' } })),
    ).toEqual([expect.stringMatching(/^body\.data\.endsOn: /)]);
    expect(() => checkAnswer('GET', '/api/coupons/get/campaign', ok({ rally }))).toThrow(/does not match/);
  });

  it('catches a field the contract does not declare', () => {
    expect(answerProblems('GET', '/api/coupons/get/campaign', ok({ data: { ...rally, secret: 'x' } }))).toEqual([
      'body.data.secret: not declared',
    ]);
  });

  it('catches a status or media type the route does not document', () => {
    expect(answerProblems('GET', '/api/coupons/get/campaign', ok({ data: null }, 201))).toEqual([
      'GET /api/coupons/get/campaign answered 201; its route documents 200',
    ]);
    expect(
      answerProblems('GET', '/api/coupons/search/select/address', { status: 404, headers: json, body: envelope }),
    ).toEqual(['GET /api/coupons/search/select/address answered 404, which its route does not document']);
    const csv = { status: 200, headers: { 'content-type': 'text/csv' }, body: {}, text: '\uFEFFid\r\n' };
    expect(answerProblems('GET', '/api/coupons/get/campaign', csv)).toEqual([
      'GET /api/coupons/get/campaign answered text/csv; its route documents application/json',
    ]);
    expect(answerProblems('GET', '/api/spots/csv/template', csv)).toEqual([]);
    expect(answerProblems('GET', '/api/spots/csv/template', { ...csv, text: 'id\r\n' })).toHaveLength(1);
  });

  it('catches an error answer outside the envelope', () => {
    const bare = { status: 404, headers: json, body: { message: 'not found' } };
    expect(answerProblems('GET', '/api/coupons/12', bare).length).toBeGreaterThan(0);
    const noRequestId = { status: 404, headers: json, body: { error: { code: 'NOT_FOUND', message: 'x' } } };
    expect(answerProblems('GET', '/api/coupons/12', noRequestId)).toEqual([
      'body.error.requestId: Invalid input: expected string, received undefined',
    ]);
    const html = { status: 404, headers: { 'content-type': 'text/html' }, body: {}, text: '<p>404</p>' };
    expect(answerProblems('GET', '/api/coupons/12', html)).toEqual(['GET /api/coupons/{id} answered 404 as text/html']);
  });

  it('fails a request to a path no route declares unless it says why', () => {
    const page = { status: 200, headers: { 'content-type': 'text/html' }, body: {}, text: '<!doctype html>' };
    expect(answerProblems('GET', '/faq/', page)).toEqual([
      'no route declares GET /faq/ (pass unrouted with the reason)',
    ]);
    expect(answerProblems('GET', '/faq/', page, 'a page of the PWA')).toEqual([]);
    expect(answerProblems('DELETE', '/api/coupons/get/campaign', ok(envelope, 404))).toHaveLength(1);
  });
});
