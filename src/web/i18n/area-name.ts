import { useIntl } from 'react-intl';
import { type CategoryText, categoryText } from './category-name';

/**
 * The ASE content areas' names (content/categories.json) by category code and English name, in `practice`:
 * the results and score reports of tests, exams and ASE simulations, and the mastery page, show them and
 * load that namespace. The API sends the English name (the data is language-neutral, ADR 0009). Literal
 * keys, so the catalogue test sees them used.
 */
export const AREA_NAME_KEYS: Readonly<Record<string, string>> = {
  'A1 General Engine Diagnosis': 'practice.contentArea.A1.generalEngineDiagnosis',
  'A1 Cylinder Head and Valve Train': 'practice.contentArea.A1.cylinderHeadAndValveTrain',
  'A1 Engine Block': 'practice.contentArea.A1.engineBlock',
  'A1 Lubrication and Cooling Systems': 'practice.contentArea.A1.lubricationAndCoolingSystems',
  'A1 Fuel, Electrical, Ignition and Exhaust Systems':
    'practice.contentArea.A1.fuelElectricalIgnitionAndExhaustSystems',
  'A2 General Transmission/Transaxle Diagnosis': 'practice.contentArea.A2.generalTransmissionTransaxleDiagnosis',
  'A2 In-Vehicle Maintenance and Repair': 'practice.contentArea.A2.inVehicleMaintenanceAndRepair',
  'A2 Off-Vehicle Repair': 'practice.contentArea.A2.offVehicleRepair',
  'A3 Clutch': 'practice.contentArea.A3.clutch',
  'A3 Transmission/Transaxle': 'practice.contentArea.A3.transmissionTransaxle',
  'A3 Drive Shaft, Half-Shaft, U-joint and CV joint': 'practice.contentArea.A3.driveShaftHalfShaftUJointAndCvJoint',
  'A3 Drive Axle and Differential': 'practice.contentArea.A3.driveAxleAndDifferential',
  'A3 Four-Wheel and All-Wheel Drive': 'practice.contentArea.A3.fourWheelAndAllWheelDrive',
  'A4 Steering Systems': 'practice.contentArea.A4.steeringSystems',
  'A4 Suspension Systems': 'practice.contentArea.A4.suspensionSystems',
  'A4 Wheel Alignment': 'practice.contentArea.A4.wheelAlignment',
  'A4 Wheels and Tires': 'practice.contentArea.A4.wheelsAndTires',
  'A5 Hydraulic System': 'practice.contentArea.A5.hydraulicSystem',
  'A5 Drum Brakes': 'practice.contentArea.A5.drumBrakes',
  'A5 Disc Brakes': 'practice.contentArea.A5.discBrakes',
  'A5 Power-Assist Units': 'practice.contentArea.A5.powerAssistUnits',
  'A5 Miscellaneous (Wheel Bearings, Parking Brake, Electrical)':
    'practice.contentArea.A5.miscellaneousWheelBearingsParkingBrakeElectrical',
  'A5 Electronic Brake Control (ABS, TCS, ESC)': 'practice.contentArea.A5.electronicBrakeControlAbsTcsEsc',
  'A6 General Electrical Diagnosis': 'practice.contentArea.A6.generalElectricalDiagnosis',
  'A6 Battery': 'practice.contentArea.A6.battery',
  'A6 Starting System': 'practice.contentArea.A6.startingSystem',
  'A6 Charging System': 'practice.contentArea.A6.chargingSystem',
  'A6 Lighting': 'practice.contentArea.A6.lighting',
  'A6 Instrument Cluster and Driver Information': 'practice.contentArea.A6.instrumentClusterAndDriverInformation',
  'A6 Body Electrical and Accessories': 'practice.contentArea.A6.bodyElectricalAndAccessories',
  'A7 A/C System Service, Diagnosis and Repair': 'practice.contentArea.A7.aCSystemServiceDiagnosisAndRepair',
  'A7 Refrigeration System Components': 'practice.contentArea.A7.refrigerationSystemComponents',
  'A7 Heating, Ventilation and Engine Cooling': 'practice.contentArea.A7.heatingVentilationAndEngineCooling',
  'A7 Operating Systems and Related Controls': 'practice.contentArea.A7.operatingSystemsAndRelatedControls',
  'A7 Refrigerant Recovery, Recycling and Handling': 'practice.contentArea.A7.refrigerantRecoveryRecyclingAndHandling',
  'A8 General Engine Diagnosis': 'practice.contentArea.A8.generalEngineDiagnosis',
  'A8 Ignition System': 'practice.contentArea.A8.ignitionSystem',
  'A8 Fuel, Air Induction and Exhaust': 'practice.contentArea.A8.fuelAirInductionAndExhaust',
  'A8 Emissions Control': 'practice.contentArea.A8.emissionsControl',
  'A8 Computerized Engine Controls and OBD II': 'practice.contentArea.A8.computerizedEngineControlsAndObdIi',
};

/** A content area's name in the reader's language, or the English it came with when it has no key. */
export function areaText(text: CategoryText): (code: string, english: string) => string {
  return (code, english) => text(`${code} ${english}`, english);
}

/** A content area's name in the reader's language (a page that shows it loads `practice`). */
export function useAreaName(): (code: string, english: string) => string {
  return areaText(categoryText(useIntl(), AREA_NAME_KEYS));
}
