/** @type {import('jest').Config} */
module.exports = { displayName: 'mfe-catalog', preset: '../shared/test/jest-preset.cjs' };
