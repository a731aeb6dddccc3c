/** @type {import('jest').Config} */
module.exports = { displayName: 'mfe-organization', preset: '../shared/test/jest-preset.cjs' };
