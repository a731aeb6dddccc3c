/** @type {import('jest').Config} */
module.exports = {
  displayName: 'mfe-apps',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../shared/jest.setup.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: { '\\.(css|png|svg|jpg)$': '<rootDir>/../shared/test/file-stub.cjs' },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
