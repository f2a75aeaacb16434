import { findBinary } from './find-binary';

describe('findBinary', () => {
  it('finds an executable on PATH', () => {
    expect(findBinary('sh', 'apt-get install -y dash')).toMatch(/\/sh$/);
  });

  it('fails with the command that installs a missing binary', () => {
    expect(() => findBinary('no-such-binary-waymark', 'apt-get install -y no-such-package')).toThrow(
      'no-such-binary-waymark was not found on PATH; install it with: apt-get install -y no-such-package',
    );
  });
});
