/** A Keyline server run as a child process: started, probed, killed with SIGKILL, restarted, measured (RSS). */
package io.keyline.reliability.process;
