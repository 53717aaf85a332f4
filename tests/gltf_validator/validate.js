// Validates each .glb named on the command line; prints every error; exit 1 when any file has one.
const validator = require('gltf-validator');
const fs = require('fs');

(async () => {
  const files = process.argv.slice(2).filter((f) => fs.existsSync(f));
  if (files.length === 0) {
    console.error('no .glb file was written: nothing validated');
    process.exit(1);
  }
  let failed = 0;
  for (const file of files) {
    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)));
    const errors = report.issues.messages.filter((m) => m.severity === 0);
    if (errors.length > 0) {
      failed++;
      console.log(`${file}: ${errors.length} error(s)`);
      for (const e of errors.slice(0, 20))
        console.log(`  ${e.code} at ${e.pointer || e.offset}: ${e.message}`);
    }
  }
  console.log(`${files.length} .glb file(s) validated, ${failed} with errors`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
