/** The platform operations show employees exactly as the Employee operations do. */
export { EMPLOYEE_PUBLIC_COLUMNS, employeeWire, type PublicEmployeeRow } from '../../app/employees/employee-wire.js';
