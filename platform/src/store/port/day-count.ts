/** How many records were created on one UTC day ('YYYY-MM-DD'). */
export interface DayCount {
  day: string;
  count: number;
}
