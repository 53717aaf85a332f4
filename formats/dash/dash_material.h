#pragma once
// Materials differ between the Dash representations (1.5's struct, 2.0's struct, 2.0's JSON with
// string enums). Each is kept in its own shape; only name, texture and diffuse colour cross over.
#include "formats/byte_reader.h"
#include "formats/byte_writer.h"
#include "formats/dash/dash_extra.h"

namespace bonescope::dash {

// The representation family a variant keeps materials in (1.5 binary and JSON share one).
int materialFamily(Variant v);

// Binary record size of a material (0x70 for 1.5, 0x90 for 2.0).
size_t materialRecordSize(Variant v);
// Reads one binary material record (name included) into `m` for variant `v`.
void readMaterial(ByteReader& r, Variant v, DashMaterial& m);
void writeMaterial(ByteWriter& w, Variant v, const DashMaterial& m);

// Fills name, texture and diffuse from `native` (for a material read from JSON).
void materialFromJson(const nlohmann::ordered_json& obj, Variant v, DashMaterial& m);
nlohmann::ordered_json materialToJson(const DashMaterial& m, Variant v);

// The material as `target` keeps it: unchanged within a family, else rebuilt from the shared fields.
DashMaterial convertMaterial(const DashMaterial& m, Variant target, int index);

} // namespace bonescope::dash
