import { describe, expect, it } from 'vitest';
import { ServeConfigSchema } from '../../src/config.js';
import { ConfigViewSchema, MASK, maskedSettings } from '../../src/domain/system-config.js';

describe('maskedSettings', () => {
  it('masks every setting whose name says it is a secret, and names settings in snake_case', () => {
    const synthetic = {
      dataDir: '/var/lib/hv',
      port: 9400,
      tlsPrivateKey: '-----BEGIN PRIVATE KEY-----',
      adminToken: 'hvt_abc',
      dbPassword: 'hunter2',
      keyPassphrase: 'correct horse',
      clientSecret: 's3cr3t',
      cloudCredentials: { user: 'u', key: 'k' },
      tokenTtlDays: 30,
      bootDir: undefined,
    };
    expect(maskedSettings(synthetic)).toEqual({
      data_dir: '/var/lib/hv',
      port: 9400,
      tls_private_key: MASK,
      admin_token: MASK,
      db_password: MASK,
      key_passphrase: MASK,
      client_secret: MASK,
      cloud_credentials: MASK,
      // The name decides, not the value: a number under a secret's name is masked too.
      token_ttl_days: MASK,
    });
    expect(JSON.stringify(maskedSettings(synthetic))).not.toMatch(/hvt_abc|hunter2|horse|s3cr3t|BEGIN/);
  });
});

describe('ConfigViewSchema', () => {
  it('documents each setting of `hvctl serve` under its snake_case name', () => {
    const names = Object.keys(ServeConfigSchema.properties).map((name) =>
      name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    );
    expect(Object.keys(ConfigViewSchema.properties).sort()).toEqual(names.sort());
    expect(ConfigViewSchema.properties).toHaveProperty('stop_timeout_ms.description');
  });
});
