/**
 * The one jest setup of the dashboard's packages (shared, host-shell, mfe-*): each package's
 * jest.config.cjs names itself and takes this preset. `<rootDir>` is that package's folder.
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../shared/jest.setup.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: {
    '\\.(css|png|svg|jpg)$': '<rootDir>/../shared/test/file-stub.cjs',
    // The contract's pure rules, from source; their relative imports name the emitted '.js'.
    '^contract/rules$': '<rootDir>/../contract/src/rules/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
