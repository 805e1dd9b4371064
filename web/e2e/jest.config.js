/** Browser journeys against the running system (http://localhost:8080, started by the test runner or `npm start`). */
const path = require('node:path');

module.exports = {
  rootDir: path.resolve(__dirname),
  displayName: 'e2e',
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] },
  testEnvironment: 'node',
  maxWorkers: 1,
};
