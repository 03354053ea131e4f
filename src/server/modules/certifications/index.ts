export { certificationDay, listOwnCertifications } from './technician';
