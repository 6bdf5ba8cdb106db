// Dose calculator: rates from volume/time and from weight-based doses.
// @implements REQ-003
#include "pump/dosing/dose_calculator.h"

namespace pump::dosing {

double RateMlPerHour(double volume_ml, int minutes) { return volume_ml * 60.0 / minutes; }

double RateForWeightDose(double mcg_per_kg_min, double weight_kg, double mcg_per_ml) {
  return mcg_per_kg_min * weight_kg * 60.0 / mcg_per_ml;
}

}  // namespace pump::dosing
