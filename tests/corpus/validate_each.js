// Validates each .glb named on the command line with the Khronos glTF validator and prints one TSV
// line each: file, error count, the first errors (code: message). Always exits 0: the caller counts.
const validator = require('gltf-validator');
const fs = require('fs');

(async () => {
  for (const file of process.argv.slice(2)) {
    let errors = [];
    try {
      const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)));
      errors = report.issues.messages.filter((m) => m.severity === 0)
        .map((e) => `${e.code} at ${e.pointer || e.offset}: ${e.message}`);
    } catch (e) {
      errors = [`the validator failed: ${e}`];
    }
    const text = errors.slice(0, 3).join(' | ').replace(/[\t\n]/g, ' ');
    console.log(`${file}\t${errors.length}\t${text}`);
  }
})();
