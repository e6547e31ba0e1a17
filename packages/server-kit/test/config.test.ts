import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { AppError, parseConfig, serveConfigProperties } from '../src/index.js';

const Schema = Type.Object(serveConfigProperties({ port: 9400, dataDir: 'data/x' }));

describe('parseConfig', () => {
  it('fills defaults and converts text values from flags and the environment', () => {
    expect(parseConfig(Schema, { port: '8081', host: undefined })).toEqual({
      host: '127.0.0.1',
      port: 8081,
      dataDir: 'data/x',
      logLevel: 'info',
    });
  });

  it('names every bad field and what it should be', () => {
    let error: unknown;
    try {
      parseConfig(Schema, { port: '70000', logLevel: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('INVALID_CONFIG');
    expect(appError.message).toContain('port must be <= 65535');
    expect(appError.message).toContain('logLevel must be one of');
    expect(appError.details.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'port' }),
        expect.objectContaining({ field: 'logLevel' }),
      ]),
    );
  });

  it('refuses a fraction for a whole number instead of truncating it', () => {
    expect(() => parseConfig(Schema, { port: '8081.5' })).toThrow('port must be a whole number');
    expect(parseConfig(Schema, { port: ' 8081 ' }).port).toBe(8081);
  });
});
