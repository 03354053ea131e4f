/** The eight ASE areas, for pages that render before any data loads. */
export const ASE_AREAS = [
  { code: 'A1', name: 'Engine Repair' },
  { code: 'A2', name: 'Automatic Transmission' },
  { code: 'A3', name: 'Manual Drivetrain' },
  { code: 'A4', name: 'Suspension & Steering' },
  { code: 'A5', name: 'Brakes' },
  { code: 'A6', name: 'Electrical' },
  { code: 'A7', name: 'Heating & AC' },
  { code: 'A8', name: 'Engine Performance' },
] as const;
