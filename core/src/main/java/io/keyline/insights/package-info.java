/**
 * Contributor Insights: the most accessed and most throttled keys of each table and GSI whose
 * insights are on, counted in bounded memory over a sliding window, and the names of the rules
 * DynamoDB reports them under. Fed by the engine's request path; read by the
 * Update/Describe/ListContributorInsights operations, and by the CloudWatch endpoint and the
 * dashboard. Depends on the metadata (where each resource's insights state lives), the data
 * model, the capacity model's consumed units and the clock.
 */
package io.keyline.insights;
