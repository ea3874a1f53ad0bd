// The campaigns domain's public face: the rally running on a day, a rally by id.
export { campaignById, rallyOrRunning, runningCampaign } from './campaigns.service';
