/** @type {import('jest').Config} */
module.exports = { displayName: 'mfe-apps', preset: '../shared/test/jest-preset.cjs' };
