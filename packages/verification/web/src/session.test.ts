import { describe, expect, it } from 'vitest';
import { canWrite, isAdmin, returnPath, type Role, type Session } from './session.js';

describe('returnPath', () => {
  it('keeps a path of this site, with its query and line anchor', () => {
    expect(returnPath('/projects/prj_1/files/rtl/a.sv#L12')).toBe('/projects/prj_1/files/rtl/a.sv#L12');
    expect(returnPath('/jobs/job_1/results?x=1')).toBe('/jobs/job_1/results?x=1');
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'projects',
    '/sign-in?next=/x',
  ])('sends %s to the projects', (next) => expect(returnPath(next)).toBe('/projects'));
});

describe('roles', () => {
  const session = (role: Role): Session => ({
    authEnabled: true,
    name: 'n',
    role,
    expiresAt: null,
    csrfToken: 'c',
    limits: { uploadMaxBytes: 1, uploadMaxFiles: 1 },
  });

  it('lets developers and admins write, and admins alone administer', () => {
    expect([canWrite(session('viewer')), canWrite(session('developer')), canWrite(session('admin'))]).toEqual(
      [false, true, true],
    );
    expect([isAdmin(session('viewer')), isAdmin(session('developer')), isAdmin(session('admin'))]).toEqual([
      false,
      false,
      true,
    ]);
  });
});
