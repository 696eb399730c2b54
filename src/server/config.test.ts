import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has the documented defaults and demo data on for the embedded database', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 5000,
      DATA_DIR: './data',
      WORKER: true,
      demoData: true,
      secureCookies: false,
    })
  })

  it('turns demo data off by default on PostgreSQL and Secure cookies on behind https', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/app', PUBLIC_URL: 'https://agency.example' })
    expect(config.demoData).toBe(false)
    expect(config.secureCookies).toBe(true)
  })

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', WORKER: 'maybe', DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      ConfigError,
    )
    try {
      loadConfig({ PORT: 'eighty', WORKER: 'maybe', DATA_ENCRYPTION_KEY: 'short' })
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('PORT')
      expect(message).toContain('WORKER: use true or false')
      expect(message).toContain('DATA_ENCRYPTION_KEY: must be 64 hex characters (32 bytes)')
    }
  })

  it('asks for the Stripe webhook secret with the Stripe key, and a URL for the API address', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY',
    )
    expect(() => loadConfig({ STRIPE_API_BASE: 'localhost' })).toThrow('STRIPE_API_BASE: must be a URL')
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    })
    expect(config.STRIPE_API_BASE).toBe('http://127.0.0.1:12111')
  })

  it('asks for the model with an AI endpoint, and an email address for support', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /AI_MODEL: required with AI_BASE_URL/,
    )
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1' })).toMatchObject({
      AI_MODEL: 'llama3.1',
      AI_TIMEOUT_SECONDS: 30,
    })
    expect(loadConfig({}).SUPPORT_EMAIL).toBe('support@localhost')
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL: must be an email address/)
  })

  it('takes a redis:// or rediss:// URL for shared rate limits, and nothing else', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined()
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.example:6380/2' })).toMatchObject({
      REDIS_URL: 'rediss://user:secret@cache.example:6380/2',
      REDIS_KEY_PREFIX: 'agency-back-office:',
    })
    expect(() => loadConfig({ REDIS_URL: 'http://cache.example' })).toThrow(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    )
  })

  it('keeps 7 backups in DATA_DIR/backups unless told, and at least one', () => {
    expect(loadConfig({ DATA_DIR: '/srv/agency' })).toMatchObject({
      backupDir: path.resolve('/srv/agency/backups'),
      BACKUP_KEEP: 7,
    })
    expect(loadConfig({ BACKUP_DIR: '/mnt/nas/agency', BACKUP_KEEP: '30' })).toMatchObject({
      backupDir: path.resolve('/mnt/nas/agency'),
      BACKUP_KEEP: 30,
    })
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP: must be at least 1')
  })
})
