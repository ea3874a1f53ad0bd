// The prizes domain's public face: what commands (the prize application) may call.
export { assertNotApplied, prizeToApply, rallyIsOver, recordApplication } from './prizes.service';
