import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NUL_CHARACTER_MESSAGE, pathsWithNul } from '#shared/contracts/text-rules.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'

let test: TestApp
let admin: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
})
afterAll(() => test.close())

describe('pathsWithNul', () => {
  it('names every string, key and list item that holds a NUL, and nothing else', () => {
    expect(pathsWithNul({ a: 'ok', b: ['x', 'y\u0000'], c: { 'd\u0000': 1, e: '\u0000' }, f: 3 })).toEqual([
      ['b', 1],
      ['c', 'd\u0000'],
      ['c', 'e'],
    ])
    expect(pathsWithNul('\u0000')).toEqual([[]])
    expect(pathsWithNul({ clean: ['text', 1, null, true] })).toEqual([])
  })
})

describe('a NUL in any text a call receives', () => {
  it('is 400 on its field in a body, before anything is stored', async () => {
    const response = await test.request({
      method: 'POST',
      url: '/api/ai/conversations',
      cookie: admin.cookie,
      payload: { conversationType: 'general', title: 'My\u0000 question' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: NUL_CHARACTER_MESSAGE,
      errors: [{ path: 'title', message: NUL_CHARACTER_MESSAGE }],
    })
    const list = await test.request({ method: 'GET', url: '/api/ai/conversations', cookie: admin.cookie })
    expect(JSON.stringify(list.json())).not.toContain('My')
  })

  it('is 400 on its field in a query string and in a path', async () => {
    for (const url of [
      '/api/agency-onboarding/agents?q=a%00b',
      '/api/agency-onboarding/licenses?agentId=%00',
      '/api/carriers?q=a%00b',
    ]) {
      const response = await test.request({ method: 'GET', url, cookie: admin.cookie })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().errors[0].message, url).toBe(NUL_CHARACTER_MESSAGE)
    }
    const session = await test.request({
      method: 'DELETE',
      url: '/api/settings/security/sessions/a%00b',
      cookie: admin.cookie,
    })
    expect(session.statusCode).toBe(400)
    expect(session.json().errors).toEqual([{ path: 'id', message: NUL_CHARACTER_MESSAGE }])
  })
})
