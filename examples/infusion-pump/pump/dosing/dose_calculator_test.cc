// Unit tests of the dose calculator (IEC 62304 class C unit verification).
#include "pump/dosing/dose_calculator.h"

#include <gtest/gtest.h>

namespace pump::dosing {
namespace {

// @verifies REQ-003
TEST(DoseCalculatorTest, computes_rate_from_volume_and_time) {
  EXPECT_DOUBLE_EQ(RateMlPerHour(/*volume_ml=*/100.0, /*minutes=*/60), 100.0);
  EXPECT_DOUBLE_EQ(RateMlPerHour(/*volume_ml=*/50.0, /*minutes=*/120), 25.0);
}

// @verifies REQ-003
TEST(DoseCalculatorTest, computes_rate_from_weight_based_dose) {
  // 5 mcg/kg/min, 70 kg, 1600 mcg/mL → 13.1 mL/h
  EXPECT_NEAR(RateForWeightDose(5.0, 70.0, 1600.0), 13.125, 1e-9);
}

}  // namespace
}  // namespace pump::dosing
