// The ids and times of the wire are the contract's (the web validates with the same schemas).
export { idParams, idSchema, timeOfDaySchema } from '@clinic/contract';

// The clinics' answers are shared with the web app (its types come from them).
export { clinicJson, publicClinicJson } from '@clinic/contract';
