import { z } from "zod";
import { isCalendarDay } from "./calendar-day";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC calendar day written YYYY-MM-DD, refused in words that name the field by `label`. */
export const calendarDaySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date written YYYY-MM-DD` })
    .regex(DAY_PATTERN, `${label} must be a date written YYYY-MM-DD`)
    .refine(isCalendarDay, `${label} must be a real calendar date`);
